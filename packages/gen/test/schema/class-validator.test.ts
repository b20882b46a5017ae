import { describe, expect, test } from 'vitest';
import { messages, probe } from './harness.js';

const DTO = `
import * as cv from 'class-validator';
import { IsEmail, IsInt, IsOptional, Length, Min, Max, MinLength, MaxLength, IsIn, IsPositive, Matches, IsUUID,
  IsUrl, IsDateString, ArrayMinSize, ArrayMaxSize, IsEnum, ValidateNested, IsDefined, IsNotEmpty,
  IsEmail as Mail } from 'class-validator';
import { Type } from 'class-transformer';

const MIN_AGE = 18;
const ROLES = ['admin', 'user'] as const;
enum Plan { Free = 'free', Pro = 'pro' }
const Sizes = { S: 's', M: 'm' } as const;

export class AddressDto {
  @Length(2, 60) street!: string;
  @Matches(/^[0-9]{5}$/) zip!: string;
}

export class SignupDto {
  @IsEmail() email!: string;
  @Mail() backupEmail!: string;
  @IsInt() @Min(MIN_AGE) @Max(130) age!: number;
  @MinLength(8) @MaxLength(64) password!: string;
  @IsIn(ROLES) role!: string;
  @IsPositive() credit!: number;
  @IsOptional() @IsUUID() referrer?: string;
  @IsOptional() @IsUrl() homepage!: string;
  @IsDateString() birthday!: string;
  @ArrayMinSize(1) @ArrayMaxSize(3) @IsInt({ each: true }) @Min(0, { each: true }) lucky!: number[];
  @IsEnum(Plan) plan!: Plan;
  @IsEnum(Sizes) size!: string;
  @cv.IsNotEmpty() nickname!: string;
  @IsDefined() note!: string | undefined;
  @ValidateNested() @Type(() => AddressDto) address!: AddressDto;
  @ValidateNested({ each: true }) @Type(() => AddressDto) others: AddressDto[] = [];
  joined!: Date;
}`;

describe('class-validator decorators', () => {
  test('become constraints; the DTO is revived as a validated class with nested revivals', () => {
    const result = probe('SignupDto', DTO);
    expect(result.problems).toEqual([]);
    const address = {
      type: 'object',
      properties: {
        street: { type: 'string', minLength: 2, maxLength: 60 },
        zip: { type: 'string', pattern: '^[0-9]{5}$' },
      },
      required: ['street', 'zip'],
      additionalProperties: false,
    };
    expect(result.schema).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        backupEmail: { type: 'string', format: 'email' },
        age: { type: 'integer', minimum: 18, maximum: 130 },
        password: { type: 'string', minLength: 8, maxLength: 64 },
        role: { type: 'string', enum: ['admin', 'user'] },
        credit: { type: 'number', exclusiveMinimum: 0 },
        referrer: { type: 'string', format: 'uuid' },
        homepage: { type: 'string', format: 'uri' },
        birthday: { type: 'string', format: 'date-time' },
        lucky: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 1, maxItems: 3 },
        plan: { type: 'string', enum: ['free', 'pro'] },
        size: { type: 'string', enum: ['s', 'm'] },
        nickname: { type: 'string', minLength: 1 },
        note: { type: 'string' },
        address,
        others: { type: 'array', items: address, default: [] },
        joined: { type: 'string', format: 'date-time' },
      },
      required: [
        'email',
        'backupEmail',
        'age',
        'password',
        'role',
        'credit',
        'birthday',
        'lucky',
        'plan',
        'size',
        'nickname',
        'note',
        'address',
        'joined',
      ],
      additionalProperties: false,
    });
    const file = (result.revive as { file: string }).file;
    const addressRevival = { kind: 'class', name: 'AddressDto', file, validate: true };
    expect(result.revive).toEqual({
      kind: 'class',
      name: 'SignupDto',
      file,
      validate: true,
      properties: {
        address: addressRevival,
        others: { kind: 'array', items: addressRevival },
        joined: { kind: 'date' },
      },
    });
    expect(file).toMatch(/^t\d+\/probe\.ts$/);
  });

  test('a class without class-validator decorators is revived without validate', () => {
    const result = probe('Plain', 'export class Plain { name = ""; }');
    expect(result.revive).toEqual({ kind: 'class', name: 'Plain', file: expect.stringMatching(/probe\.ts$/) });
  });

  test('decorators from other packages are not read', () => {
    const result = probe(
      'Other',
      'const Min = (n: number): PropertyDecorator => () => undefined;\nexport class Other { @Min(3) n!: number }',
    );
    expect(result.schema.properties).toEqual({ n: { type: 'number' } });
    expect(result.revive).toEqual({ kind: 'class', name: 'Other', file: expect.any(String) });
  });

  test('arguments that are not constant and decorators on the wrong type are warnings at the property', () => {
    const result = probe(
      'Loose',
      `import { Min, Matches, IsEmail, IsNotEmpty } from 'class-validator';
declare const limit: number;
export class Loose {
  @Min(limit) a!: number;
  @Matches(/abc/i) b!: string;
  @IsEmail() c!: number;
  @IsNotEmpty() d!: number;
  @IsNotEmpty() e!: string[];
}`,
    );
    expect(result.schema.properties).toEqual({
      a: { type: 'number' },
      b: { type: 'string' },
      c: { type: 'number' },
      d: { type: 'number' },
      e: { type: 'array', items: { type: 'string' } },
    });
    expect(messages(result)).toEqual([
      'warning: parameter "value": property "a" has @Min(...), which is left out of the schema: argument 1 is ' +
        'not a constant number',
      'warning: parameter "value": property "b" has @Matches(...), which is left out of the schema: the flags ' +
        '"i" have no JSON Schema equivalent',
      'warning: parameter "value": property "c" has @IsEmail(), which does not apply to number',
    ]);
    expect(result.problems.map((problem) => problem.line)).toEqual([4, 5, 6]);
  });
});
