// Writes a synthetic service project the size of a real one: `files` service files with `toolsPerFile` @tool()
// methods each, over shared interfaces and enums, with optional and default parameters, nested objects and JSDoc.
// Beside each method stands an interface of its arguments, so schema generators that read types (not methods)
// can be measured on the same content.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SyntheticProjectOptions {
  dir: string;
  files?: number;
  toolsPerFile?: number;
  /** Add one more service whose tool takes a `URL`: a type of the DOM lib, which gen-tools then has to read too. */
  domTool?: boolean;
}

const shared = `/** Where a parcel goes. */
export interface Address {
  /** Street and number. */
  street: string;
  city: string;
  /** ISO 3166-1 alpha-2 code. @pattern ^[A-Z]{2}$ */
  country: string;
  postcode?: string;
}

export enum Priority {
  Low = 'low',
  Normal = 'normal',
  High = 'high',
}

export enum Level {
  Debug,
  Info,
  Warn,
  Error,
}

export interface Money {
  /** Amount in minor units. @minimum 0 */
  amount: number;
  currency: 'EUR' | 'USD' | 'GBP';
}

export interface Paging {
  /** @minimum 1 @maximum 500 */
  limit?: number;
  cursor?: string | null;
}

export interface Customer {
  id: string;
  name: string;
  email?: string;
  address: Address;
  tags: string[];
  priority: Priority;
}

export interface Filter<T> {
  field: keyof T;
  equals?: string;
  oneOf?: string[];
}
`;

function serviceFile(file: number, toolsPerFile: number): string {
  const out: string[] = [
    `import { tool } from '@toolwright/core';`,
    `import { Address, Customer, Filter, Level, Money, Paging, Priority } from './shared.js';`,
    '',
  ];
  const methods: string[] = [];
  for (let i = 0; i < toolsPerFile; i++) {
    const name = `op${file}x${i}`;
    const Args = `Op${file}x${i}Args`;
    switch (i % 5) {
      case 0:
        out.push(
          `/** Arguments of ${name}. */`,
          `export interface ${Args} {`,
          `  /** The customer to update. */`,
          `  customerId: string;`,
          `  address: Address;`,
          `  priority?: Priority;`,
          `}`,
          '',
        );
        methods.push(
          `  /**`,
          `   * Moves customer ${file}/${i} to a new address.`,
          `   * @param customerId The customer to update.`,
          `   * @param address The new address.`,
          `   * @param priority How urgent the change is.`,
          `   */`,
          `  @tool()`,
          `  async ${name}(customerId: string, address: Address, priority: Priority = Priority.Normal): ` +
            'Promise<Customer> {',
          `    return { id: customerId, name: 'x', address, tags: [], priority };`,
          `  }`,
          '',
        );
        break;
      case 1:
        out.push(
          `export interface ${Args} {`,
          `  query: string;`,
          `  paging?: Paging;`,
          `  filters?: Filter<Customer>[];`,
          `}`,
          '',
        );
        methods.push(
          `  /**`,
          `   * Searches customers (${file}/${i}).`,
          `   * @param query Free text.`,
          `   * @param paging Page size and cursor.`,
          `   * @param filters Field filters.`,
          `   */`,
          `  @tool()`,
          `  ${name}(query: string, paging?: Paging, filters?: Filter<Customer>[]): Customer[] {`,
          `    return [];`,
          `  }`,
          '',
        );
        break;
      case 2:
        out.push(`export interface ${Args} {`, `  price: Money;`, `  quantity: number;`, `  note?: string;`, `}`, '');
        methods.push(
          `  /**`,
          `   * Prices an order line (${file}/${i}).`,
          `   * @param price Unit price.`,
          `   * @param quantity How many.`,
          `   * @minimum quantity 1`,
          `   * @param note Shown on the invoice.`,
          `   */`,
          `  @tool()`,
          `  ${name}(price: Money, quantity = 1, note?: string): Money {`,
          `    return { amount: price.amount * quantity, currency: price.currency };`,
          `  }`,
          '',
        );
        break;
      case 3:
        out.push(
          `export interface ${Args} {`,
          `  level: Level;`,
          `  messages: { text: string; at?: string; fields?: Record<string, string> }[];`,
          `}`,
          '',
        );
        methods.push(
          `  /**`,
          `   * Writes log lines (${file}/${i}).`,
          `   * @param level Severity.`,
          `   * @param messages The lines.`,
          `   */`,
          `  @tool()`,
          `  ${name}(level: Level, messages: { text: string; at?: string; fields?: Record<string, string> }[]): ` +
            'number {',
          `    return messages.length + level;`,
          `  }`,
          '',
        );
        break;
      default:
        out.push(
          `export interface ${Args} {`,
          `  ids: string[];`,
          `  mode: 'soft' | 'hard';`,
          `  reason: string | null;`,
          `}`,
          '',
        );
        methods.push(
          `  /**`,
          `   * Deletes records (${file}/${i}).`,
          `   * @param ids What to delete.`,
          `   * @param mode Soft keeps a tombstone.`,
          `   * @param reason Why, for the audit log.`,
          `   */`,
          `  @tool()`,
          `  ${name}(ids: string[], mode: 'soft' | 'hard', reason: string | null): { deleted: number } {`,
          `    return { deleted: mode === 'hard' ? ids.length : 0 };`,
          `  }`,
          '',
        );
    }
  }
  out.push(`export class Service${file} {`, ...methods, `}`, '');
  return out.join('\n');
}

const linkService = `import { tool } from '@toolwright/core';

export class LinkService {
  /**
   * Opens a link.
   * @param url The page to open.
   */
  @tool()
  open(url: URL): string {
    return url.href;
  }
}
`;

export function writeSyntheticProject({
  dir,
  files = 100,
  toolsPerFile = 10,
  domTool = false,
}: SyntheticProjectOptions): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          types: [],
          noEmit: true,
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'synthetic', private: true, type: 'module' }, null, 2),
  );
  writeFileSync(join(dir, 'src/shared.ts'), shared);
  for (let file = 0; file < files; file++)
    writeFileSync(join(dir, `src/service${file}.ts`), serviceFile(file, toolsPerFile));
  if (domTool) writeFileSync(join(dir, 'src/link-service.ts'), linkService);
}
