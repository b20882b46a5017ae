import { isNameStart } from './text-cursor.js';
import type { LiteralReader } from './literal-reader.js';
import { MORE, setKey, Unreadable } from './read-signals.js';

/**
 * Reads one value (JSON or a Python literal) as a state machine with an explicit stack of open objects and lists,
 * so that it can stop at any character a stream has not sent yet and go on from there: resuming costs nothing and
 * no character is read twice (a recursive reader would have to start the value again).
 */

/** Where the machine stands. */
enum State {
  /** A value starts here (after blanks). */
  Value,
  /** In an object, after `{` or a comma: a key or `}`. */
  Key,
  /** After a key: `:`. */
  Colon,
  /** After an item: `,` or the closer. */
  After,
  /** After a comma: the closer (a forgiven trailing comma) or the next item. */
  AfterComma,
  /** After `[` or `(`: the closer or the first item. */
  ListStart,
  String,
  Number,
  Word,
  KeyString,
  KeyName,
}

interface Open {
  /** The closer's character code: `}`, `]` or `)`. */
  close: number;
  value: Record<string, unknown> | unknown[];
  key: string;
}

/** A model can write `[[[[...` forever; the values it nests stay this shallow. */
const MAX_DEPTH = 64;
const CLOSE_BRACE = 125;

export class ValueMachine {
  private state = State.Value;
  private readonly stack: Open[] = [];
  private result: unknown;

  /** Ready for a new value. */
  reset(): void {
    this.state = State.Value;
    this.stack.length = 0;
    this.result = undefined;
  }

  /** The value, or MORE when the text so far ends inside it (call again after the reader's `append`). */
  read(reader: LiteralReader): unknown {
    for (;;) {
      switch (this.state) {
        case State.Value: {
          if (!reader.blank()) return MORE;
          const code = reader.code();
          if (code === 123 || code === 91 || code === 40) {
            if (this.stack.length + 1 > MAX_DEPTH)
              throw new Unreadable(`values nest more than ${MAX_DEPTH} levels deep`, reader.pos);
            if (code === 40) reader.repairs.add('tuple-as-list');
            reader.pos++;
            const object = code === 123;
            this.stack.push({ close: object ? CLOSE_BRACE : code === 91 ? 93 : 41, value: object ? {} : [], key: '' });
            this.state = object ? State.Key : State.ListStart;
          } else if (code === 34 || code === 39) this.state = State.String;
          else if (code === 45 || (code >= 48 && code <= 57)) this.state = State.Number;
          else if (isNameStart(code)) this.state = State.Word;
          else throw reader.unexpected('a value');
          continue;
        }
        case State.String:
        case State.Number:
        case State.Word: {
          const value =
            this.state === State.String
              ? reader.string()
              : this.state === State.Number
                ? reader.number()
                : reader.word();
          if (value === MORE) return MORE;
          if (this.complete(value)) return this.result;
          continue;
        }
        case State.Key: {
          if (!reader.blank()) return MORE;
          const code = reader.code();
          if (code === CLOSE_BRACE) {
            reader.pos++;
            if (this.close()) return this.result;
          } else if (code === 34 || code === 39) this.state = State.KeyString;
          else if (isNameStart(code)) this.state = State.KeyName;
          else throw reader.unexpected('a key or "}"');
          continue;
        }
        case State.KeyString:
        case State.KeyName: {
          const key = this.state === State.KeyString ? reader.string() : reader.name(true);
          if (key === MORE) return MORE;
          if (this.state === State.KeyName) reader.repairs.add('unquoted-key');
          this.stack[this.stack.length - 1]!.key = key;
          this.state = State.Colon;
          continue;
        }
        case State.Colon: {
          if (!reader.blank()) return MORE;
          if (reader.code() !== 58) throw reader.unexpected('":"');
          reader.pos++;
          this.state = State.Value;
          continue;
        }
        case State.After: {
          if (!reader.blank()) return MORE;
          const code = reader.code();
          const open = this.stack[this.stack.length - 1]!;
          if (code === open.close) {
            reader.pos++;
            if (this.close()) return this.result;
            continue;
          }
          if (code !== 44) throw reader.unexpected(`"," or "${String.fromCharCode(open.close)}"`);
          reader.pos++;
          this.state = State.AfterComma;
          continue;
        }
        case State.AfterComma: {
          if (!reader.blank()) return MORE;
          const open = this.stack[this.stack.length - 1]!;
          if (reader.code() === open.close) {
            reader.repairs.add('trailing-comma');
            reader.pos++;
            if (this.close()) return this.result;
            continue;
          }
          this.state = open.close === CLOSE_BRACE ? State.Key : State.Value;
          continue;
        }
        case State.ListStart: {
          if (!reader.blank()) return MORE;
          const open = this.stack[this.stack.length - 1]!;
          if (reader.code() === open.close) {
            reader.pos++;
            if (this.close()) return this.result;
            continue;
          }
          this.state = State.Value;
          continue;
        }
      }
    }
  }

  /** The innermost open value is closed: it is the item of the one around it, or the result. */
  private close(): boolean {
    return this.complete(this.stack.pop()!.value);
  }

  /** A value is read: true when it is the whole value. */
  private complete(value: unknown): boolean {
    const open = this.stack[this.stack.length - 1];
    if (!open) {
      this.result = value;
      return true;
    }
    if (Array.isArray(open.value)) open.value.push(value);
    else setKey(open.value, open.key, value);
    this.state = State.After;
    return false;
  }
}
