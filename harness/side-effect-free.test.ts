import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { profileSchemaPath } from './profile.js';
import { SIDE_EFFECT_FREE_WRITES, sideEffectFreeWrites } from './side-effect-free.js';

describe('writes the contract says change nothing', () => {
  it('are what the target profile schema lets a profile opt in to, and nothing else', () => {
    const schema = JSON.parse(readFileSync(profileSchemaPath(), 'utf8'));
    expect(schema.properties.sideEffectFreeWrites.items.enum).toEqual(Object.keys(SIDE_EFFECT_FREE_WRITES));
  });

  it('a list of a profile keeps only those the table holds', () => {
    expect(sideEffectFreeWrites(['POST /v1/quotes', 'POST /v1/enrollments'])).toEqual(['POST /v1/quotes']);
    expect(sideEffectFreeWrites(undefined)).toEqual([]);
  });
});
