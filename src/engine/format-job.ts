// What the formatter is asked: a file to format, its holes, and the configuration when nobody gives one.
import type { Options } from 'prettier';

/** Used when neither the templates nor the target project give a prettier configuration. */
export const DEFAULT_PRETTIER_CONFIG: Options = {
  singleQuote: true,
  trailingComma: 'all',
};

/**
 * One file to format. `config` when the caller knows it; otherwise the configuration prettier
 * resolves for the file inside `projectRoot` (an existing project, for `rest api`), else the defaults.
 */
export interface FormatJob {
  path: string;
  text: string;
  config?: Options;
  projectRoot?: string;
  /**
   * Parts of `path` and `text` that differ from one run to the next, replaced by placeholders
   * (format-holes.ts): the cache keys the text with its placeholders, and formatAll fills them.
   */
  holes?: Hole[];
}

/** A value taken out of a job's text, and the placeholder of the same shape that stands in for it. */
export interface Hole {
  placeholder: string;
  value: string;
  /**
   * What stands for the value, whatever its length, in the packaged entries (format-cache.ts): one
   * per role (the project's name, the timestamp), never in a generated text.
   */
  marker: string;
}
