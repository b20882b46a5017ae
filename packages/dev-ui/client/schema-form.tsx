import { useState } from 'preact/hooks';
import { pretty } from './api.js';
import { argumentsOf, fieldOf, type FormValues, type Schema } from './schema.js';

interface SchemaFormProps {
  toolName: string;
  /** The tool's `parametersJsonSchema` (absent: a tool without parameters). */
  schema: Schema | undefined;
  busy: boolean;
  onCall: (args: unknown) => void;
}

/** A form generated from a tool's JSON Schema: one labelled input per parameter, or the arguments as JSON. */
export function SchemaForm({ toolName, schema, busy, onCall }: SchemaFormProps) {
  const root: Schema = schema ?? { type: 'object', properties: {} };
  const [values, setValues] = useState<FormValues>({});
  const [asJson, setAsJson] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const set = (path: string, text: string) => setValues((old) => ({ ...old, [path]: text }));

  const submit = (event: Event) => {
    event.preventDefault();
    try {
      onCall(asJson === undefined ? argumentsOf(root, root, values) : parseJson(asJson));
      setProblem(undefined);
    } catch (error) {
      setProblem((error as Error).message);
    }
  };
  const toggleJson = () => {
    if (asJson !== undefined) return setAsJson(undefined);
    try {
      setAsJson(pretty(argumentsOf(root, root, values)));
    } catch {
      setAsJson('{}');
    }
  };

  return (
    <form class="tool-form" data-testid={`tool-form-${toolName}`} onSubmit={submit}>
      {asJson === undefined ? (
        <Fields schema={root} root={root} path="" values={values} set={set} idPrefix={`arg-${toolName}`} />
      ) : (
        <label class="field">
          <span class="field-name">arguments (JSON)</span>
          <textarea
            class="json-input"
            rows={8}
            value={asJson}
            onInput={(event) => setAsJson(event.currentTarget.value)}
          />
        </label>
      )}
      {problem && <p class="problem">{problem}</p>}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={busy}>
          Call
        </button>
        <button type="button" onClick={toggleJson}>
          {asJson === undefined ? 'Edit as JSON' : 'Back to the form'}
        </button>
      </div>
    </form>
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`The arguments are not JSON: ${(error as Error).message}`);
  }
}

interface FieldsProps {
  schema: Schema;
  root: Schema;
  path: string;
  values: FormValues;
  set: (path: string, text: string) => void;
  idPrefix: string;
}

/** The fields of an object schema, each labelled by its property name. */
function Fields({ schema, root, path, values, set, idPrefix }: FieldsProps) {
  const { schema: object } = fieldOf(schema, root);
  const entries = Object.entries(object.properties ?? {});
  if (path === '' && entries.length === 0) return <p class="muted">This tool takes no arguments.</p>;
  return (
    <>
      {entries.map(([name, property]) => (
        <Field
          key={name}
          name={name}
          schema={property}
          root={root}
          path={path ? `${path}.${name}` : name}
          required={(object.required ?? []).includes(name)}
          values={values}
          set={set}
          idPrefix={idPrefix}
        />
      ))}
    </>
  );
}

interface FieldProps extends FieldsProps {
  name: string;
  required: boolean;
}

function Field({ name, schema, root, path, required, values, set, idPrefix }: FieldProps) {
  const { kind, schema: field } = fieldOf(schema, root);
  const id = `${idPrefix}-${path}`;
  const description = field.description ?? schema.description;
  const hint = [typeLabel(kind, field), field.default !== undefined ? `default ${JSON.stringify(field.default)}` : '']
    .filter(Boolean)
    .join(' · ');
  if (kind === 'object') {
    return (
      <fieldset class="field-group">
        <legend>
          {name}
          {required && <Required />} <span class="muted">object</span>
        </legend>
        {description && <p class="muted">{description}</p>}
        <Fields schema={field} root={root} path={path} values={values} set={set} idPrefix={idPrefix} />
      </fieldset>
    );
  }
  const value = values[path] ?? '';
  const onInput = (event: Event) => set(path, (event.currentTarget as HTMLInputElement).value);
  let input;
  if (kind === 'enum' || kind === 'boolean') {
    const options = kind === 'enum' ? field.enum! : [true, false];
    input = (
      <select id={id} value={value} onChange={onInput}>
        <option value="">{required ? '(choose)' : '(leave out)'}</option>
        {options.map((option) => (
          <option key={JSON.stringify(option)} value={kind === 'boolean' ? String(option) : JSON.stringify(option)}>
            {typeof option === 'string' ? option : JSON.stringify(option)}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'json') {
    input = <textarea id={id} rows={3} class="json-input" value={value} placeholder="JSON" onInput={onInput} />;
  } else {
    const numeric = kind === 'number' || kind === 'integer';
    input = (
      <input
        id={id}
        type="text"
        inputMode={numeric ? 'decimal' : 'text'}
        value={value}
        placeholder={field.default !== undefined ? String(field.default) : ''}
        onInput={onInput}
      />
    );
  }
  return (
    <div class="field">
      <label for={id} class="field-name">
        {name}
        {required && <Required />}
      </label>
      {input}
      <span class="muted field-hint">
        {hint}
        {description ? ` — ${description}` : ''}
      </span>
    </div>
  );
}

function Required() {
  return (
    <span class="required" aria-hidden="true" title="required">
      *
    </span>
  );
}

function typeLabel(kind: string, schema: Schema): string {
  if (kind === 'json') return Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any JSON');
  const limits = ['minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format']
    .filter((keyword) => schema[keyword] !== undefined)
    .map((keyword) => `${keyword} ${String(schema[keyword])}`);
  return [kind, ...limits].join(', ');
}
