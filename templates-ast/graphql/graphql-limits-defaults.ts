// The defaults of a project's GraphQL limits (GRAPHQL_MAX_* in .env and src/config/environment.ts).

/**
 * Depth 8 holds a resource, its references and theirs with room to spare; 15 aliases lets a page
 * ask for a few views of one list; 5,000 fields is a page of 100 entries with ten fields and
 * their references, and a hundredth of what an alias flood costs with them.
 */
export const GRAPHQL_LIMITS = { depth: 8, aliases: 15, complexity: 5000 } as const;
