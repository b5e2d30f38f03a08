// The covering-array generator on small sets checked by brute force, and on the matrix's own factors and refusals.
import { describe, expect, it } from 'vitest';
import { coveringArray, type Factors } from './covering-array.js';
import { FACTORS, REFUSALS, accepted, breaks, type Combination } from './factors.js';

type Assignment = Record<string, string>;

/** Every complete row of the factors, by brute force. */
function everyRow(factors: Factors): Assignment[] {
  return Object.entries(factors).reduce<Assignment[]>(
    (rows, [name, values]) =>
      rows.flatMap((row) => values.map((value) => ({ ...row, [name]: value }))),
    [{}],
  );
}

const pairs = (row: Assignment): string[] => {
  const names = Object.keys(row).sort();
  return names.flatMap((a, i) => names.slice(i + 1).map((b) => `${a}=${row[a]} ${b}=${row[b]}`));
};

/** Whether some complete row that `valid` accepts holds the assignment: the test's own search. */
function extends_(
  factors: Factors,
  valid: (row: Assignment) => boolean,
  given: Assignment,
): boolean {
  const open = Object.keys(factors).find((name) => !(name in given));
  if (!valid(given)) return false;
  if (!open) return true;
  return factors[open]!.some((value) => extends_(factors, valid, { ...given, [open]: value }));
}

/** The valid pairs that no row holds, and the rows that `valid` refuses. */
function audit(factors: Factors, valid: (row: Assignment) => boolean, rows: Assignment[]) {
  const held = new Set(rows.flatMap(pairs));
  const names = Object.keys(factors);
  const missing = names
    .flatMap((a, i) =>
      names.slice(i + 1).flatMap((b) =>
        factors[a]!.flatMap((va) =>
          factors[b]!.map((vb) => ({ [a]: va, [b]: vb }))
            .filter((pair) => extends_(factors, valid, pair))
            .map(pairs)
            .flat(),
        ),
      ),
    )
    .filter((pair) => !held.has(pair));
  return { missing, refused: rows.filter((row) => !valid(row)) };
}

const SMALL = { a: ['0', '1', '2'], b: ['0', '1'], c: ['0', '1', '2'], d: ['0', '1'] };
// a=2 never with c=0, b=1 never with d=1: as REFUSALS do, judged only once both are assigned.
const smallValid = (row: Assignment) =>
  !(row.a === '2' && row.c === '0') && !(row.b === '1' && row.d === '1');

describe('coveringArray', () => {
  it('covers every pair that a complete valid row holds, on a small set checked by brute force', () => {
    const rows = coveringArray(SMALL, smallValid);
    const validPairs = new Set(everyRow(SMALL).filter(smallValid).flatMap(pairs));
    const held = new Set(rows.flatMap(pairs));
    expect([...validPairs].filter((pair) => !held.has(pair))).toEqual([]);
    expect(rows.filter((row) => !smallValid(row))).toEqual([]);
    expect(rows.length).toBeLessThan(everyRow(SMALL).filter(smallValid).length);
  });

  it('is as small as the best arrays for known cases, and far below every combination', () => {
    expect(coveringArray({ a: ['0', '1'], b: ['0', '1'], c: ['0', '1'] })).toHaveLength(4);
    const binary = Object.fromEntries([...'abcdefghij'].map((name) => [name, ['0', '1']]));
    expect(coveringArray(binary).length).toBeLessThanOrEqual(10); // best known: 6, of 1,024
  });

  it('gives the same rows every run', () => {
    expect(coveringArray(FACTORS, accepted)).toEqual(coveringArray(FACTORS, accepted));
  });

  describe('on the matrix factors and the refusals of the product', () => {
    const rows = coveringArray(FACTORS, accepted) as unknown as Assignment[];
    const valid = accepted as (row: Assignment) => boolean;

    it('holds every valid pair and breaks no refusal', () => {
      const { missing, refused } = audit(FACTORS, valid, rows);
      expect(missing).toEqual([]);
      expect(refused).toEqual([]);
      for (const refusal of REFUSALS)
        expect(rows.filter((row) => breaks(refusal, row as Combination))).toEqual([]);
    });

    it('needs its last row: without it the audit finds a pair missing', () => {
      expect(audit(FACTORS, valid, rows.slice(0, -1)).missing.length).toBeGreaterThan(0);
    });

    it('would see a row that breaks a refusal', () => {
      const broken = { ...rows[0]!, auth: 'off', owner: 'on' };
      expect(audit(FACTORS, valid, [...rows, broken]).refused).toEqual([broken]);
    });

    it('leaves out the pairs the product refuses, and no others', () => {
      const held = new Set(rows.flatMap(pairs));
      expect(held.has('auth=off owner=on')).toBe(false);
      expect(held.has('authMethods=github passwordReset=on')).toBe(false);
      expect(held.has('auth=off database=mysql')).toBe(true);
    });
  });
});
