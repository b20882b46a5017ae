/** A problem found in the user's code, printed as `file:line:col: severity: message`. */
export interface Diagnostic {
  /** Relative to the working directory when printed by the CLI; absolute in the API. */
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
}
