// Markdown written the way prettier prints it, so that the generator need not run prettier's markdown plugin.

/** A table row's cells: `| a | b |` gives `['a', 'b']` (a `\|` stays inside its cell). */
const cellsOf = (row: string): string[] =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

const isDelimiterRow = (cells: string[]): boolean => cells.every((cell) => /^:?-+:?$/.test(cell));

/** Columns padded to their widest cell and a delimiter row of dashes, as prettier aligns a table. */
function alignTable(rows: string[]): string[] {
  const table = rows.map(cellsOf);
  const widths = table[0]!.map((_, column) =>
    Math.max(
      3,
      ...table
        .filter((cells) => !isDelimiterRow(cells))
        .map((cells) => (cells[column] ?? '').length),
    ),
  );
  return table.map((cells) =>
    isDelimiterRow(cells)
      ? `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`
      : `| ${widths.map((width, column) => (cells[column] ?? '').padEnd(width)).join(' | ')} |`,
  );
}

/**
 * Aligns every table in `lines` (runs of lines that start with `|`), the rest unchanged. Cells are
 * measured in UTF-16 units: fine for the generated README's text, which test/templates checks
 * against prettier for every choice of `rest new`.
 */
export function alignTables(lines: string[]): string[] {
  const result: string[] = [];
  let table: string[] = [];
  const flush = () => {
    if (table.length > 0) result.push(...alignTable(table));
    table = [];
  };
  for (const line of lines.flatMap((text) => text.split('\n'))) {
    if (line.startsWith('|')) table.push(line);
    else {
      flush();
      result.push(line);
    }
  }
  flush();
  return result;
}
