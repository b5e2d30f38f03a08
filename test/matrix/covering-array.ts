// Pairwise covering arrays: few rows in which every valid pair of factor values appears at least once.

/** Named factors, each with the values it takes: `{ database: ['sqlite', 'postgres'], http: [...] }`. */
export type Factors = Record<string, readonly string[]>;

/** One value per factor. */
export type Row<F extends Factors> = { [K in keyof F]: F[K][number] };

/**
 * Whether an assignment (some factors only, while a row is being built) breaks no constraint. It must
 * judge only the factors the assignment has: a constraint on a factor not yet assigned cannot fail.
 */
export type Valid<F extends Factors> = (assignment: Partial<Row<F>>) => boolean;

/** Two factor values, `a` of an earlier factor than `b`. */
export interface Pair {
  a: [factor: string, value: string];
  b: [factor: string, value: string];
}

/**
 * A pairwise covering array in the manner of IPOG (Lei and Tai): factors join one at a time, the
 * ones with the most values first. Each row takes the value of the new factor that covers the most
 * uncovered pairs (or stays open when none does); pairs still uncovered go into an open slot of a row
 * that can take them, or into a new row. Every choice leaves the row completable under `valid`.
 * Deterministic: ties go to the earlier value and the earlier row.
 * @example
 * coveringArray({ a: ['0', '1'], b: ['0', '1'], c: ['0', '1'] }).length; // 4, not 8
 */
export function coveringArray<F extends Factors>(
  factors: F,
  valid: Valid<F> = () => true,
): Row<F>[] {
  const names = Object.keys(factors);
  const order = [...names].sort((a, b) => factors[b]!.length - factors[a]!.length);
  const uncovered = new Map(validPairs(factors, valid).map((pair) => [pairKey(pair), pair]));
  const rows: Open[] = [];
  order.forEach((name, at) => {
    const joined = order.slice(0, at);
    for (const row of rows) widen(factors, valid, uncovered, row, name);
    for (const pair of [...uncovered.values()].filter((found) => involves(found, name, joined)))
      if (uncovered.has(pairKey(pair))) place(factors, valid, uncovered, rows, pair);
  });
  return rows.map((row) => fill(factors, names, valid, row));
}

/** A row being built: a factor without a value is still open. */
type Open = Record<string, string | undefined>;

const involves = ({ a, b }: Pair, name: string, joined: string[]): boolean =>
  (a[0] === name && joined.includes(b[0])) || (b[0] === name && joined.includes(a[0]));

/** Horizontal growth: the value of `name` that covers most, or none (open) when no value covers anything. */
function widen<F extends Factors>(
  factors: F,
  valid: Valid<F>,
  uncovered: Map<string, Pair>,
  row: Open,
  name: string,
): void {
  let best: { value: string; covers: number } | undefined;
  for (const value of factors[name]!) {
    const covers = newPairs(factors, uncovered, row, name, value);
    if (covers > (best?.covers ?? 0) && fits(factors, valid, row, { [name]: value }))
      best = { value, covers };
  }
  if (best) setValues(factors, uncovered, row, { [name]: best.value });
}

/** Vertical growth: the pair into the first row whose open slots take it, else into a new row. */
function place<F extends Factors>(
  factors: F,
  valid: Valid<F>,
  uncovered: Map<string, Pair>,
  rows: Open[],
  { a, b }: Pair,
): void {
  const values: Open = { [a[0]]: a[1], [b[0]]: b[1] };
  const takes = (row: Open) =>
    Object.entries(values).every(
      ([name, value]) => row[name] === undefined || row[name] === value,
    ) && fits(factors, valid, row, values);
  const row = rows.find(takes) ?? rows[rows.push({}) - 1]!;
  setValues(factors, uncovered, row, values);
}

const fits = <F extends Factors>(factors: F, valid: Valid<F>, row: Open, values: Open): boolean =>
  complete(factors, Object.keys(factors), valid, { ...row, ...values } as Partial<Row<F>>);

/** Sets values in the row and strikes the pairs it now holds off `uncovered`. */
function setValues<F extends Factors>(
  factors: F,
  uncovered: Map<string, Pair>,
  row: Open,
  values: Open,
): void {
  Object.assign(row, values);
  const set = Object.keys(factors).filter((name) => row[name] !== undefined);
  for (const key of pairsOf(row, set)) uncovered.delete(key);
}

/** How many uncovered pairs `name=value` makes with the values the row has. */
function newPairs<F extends Factors>(
  factors: F,
  uncovered: Map<string, Pair>,
  row: Open,
  name: string,
  value: string,
): number {
  const names = Object.keys(factors);
  return names.filter((other) => {
    if (other === name || row[other] === undefined) return false;
    const key = { ...row, [name]: value };
    const [a, b] = names.indexOf(other) < names.indexOf(name) ? [other, name] : [name, other];
    return uncovered.has(pairKey({ a: [a, key[a]!], b: [b, key[b]!] }));
  }).length;
}

/** The open slots of a finished row, each given the first value that keeps the row completable. */
function fill<F extends Factors>(factors: F, names: string[], valid: Valid<F>, row: Open): Row<F> {
  const filled: Open = { ...row };
  for (const name of names) {
    filled[name] ??= factors[name]!.find((value) =>
      fits(factors, valid, filled, { [name]: value }),
    );
  }
  return Object.fromEntries(names.map((name) => [name, filled[name]])) as Row<F>;
}

/** Every pair of values of two factors that some complete valid row holds. */
export function validPairs<F extends Factors>(factors: F, valid: Valid<F>): Pair[] {
  const names = Object.keys(factors);
  const pairs: Pair[] = [];
  names.forEach((a, i) =>
    names.slice(i + 1).forEach((b) => {
      for (const va of factors[a]!)
        for (const vb of factors[b]!) {
          const seed = { [a]: va, [b]: vb } as Partial<Row<F>>;
          if (complete(factors, names, valid, seed)) pairs.push({ a: [a, va], b: [b, vb] });
        }
    }),
  );
  return pairs;
}

export const pairKey = ({ a, b }: Pair): string => `${a[0]}=${a[1]}\u0000${b[0]}=${b[1]}`;

/** The keys of the pairs a row holds, factors in the order of `names`. */
export function pairsOf(row: Record<string, string | undefined>, names: string[]): string[] {
  return names.flatMap((a, i) =>
    names.slice(i + 1).map((b) => pairKey({ a: [a, row[a]!], b: [b, row[b]!] })),
  );
}

/** Whether the assignment extends to a complete valid row (depth-first, pruned by `valid`). */
export function complete<F extends Factors>(
  factors: F,
  names: string[],
  valid: Valid<F>,
  assignment: Partial<Row<F>>,
): boolean {
  if (!valid(assignment)) return false;
  const next = names.find((name) => !(name in assignment));
  if (next === undefined) return true;
  return factors[next]!.some((value) =>
    complete(factors, names, valid, { ...assignment, [next]: value }),
  );
}
