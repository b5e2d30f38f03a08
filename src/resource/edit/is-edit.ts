// Whether `rest api` input changes a resource that exists: kept apart so the command loads no generator to ask.
export interface ResourceEditFlags {
  addFields?: string;
  removeFields?: string;
  renameField?: string;
  addMethods?: string;
  removeMethods?: string;
  access?: string;
  /** `--graphql`/`--no-graphql` on a resource that exists. */
  graphql?: boolean;
}

export const isResourceEdit = (input: ResourceEditFlags): boolean =>
  Object.values(input).some((value) => value !== undefined);
