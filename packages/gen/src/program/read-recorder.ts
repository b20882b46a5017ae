/**
 * Where the stages tell what they read from the disk: each file read, and each question asked of the file system
 * (`f` does this file exist, `d` this folder, `r` where does this link point, `l` which folders are in this one,
 * `s` the size and time of this file), and each folder listed for a tsconfig's wildcard. The cache's
 * `InputRecorder` (incremental/inputs.ts) keeps them, so that a run whose inputs are unchanged can be skipped.
 */
export interface ReadRecorder {
  read(path: string, text: string | undefined): void;
  probe(kind: ProbeKind, path: string): void;
  listing(dir: string, recursive: boolean): void;
}

export type ProbeKind = 'f' | 'd' | 'r' | 'l' | 's';
