import assert from 'node:assert/strict';
import {
  baseUnitsToNumber,
  centsToProb,
  complement,
  detectEpochUnit,
  dollarsToProb,
  fixedPointCount,
  millisToIso,
  parseStringEncodedStrings,
  probFrom,
  secondsToIso,
  toIso,
  UnitError,
} from '../../src/venues/units.js';
import { canonicalCategory } from '../../src/venues/categories.js';

describe('units', () => {
  it('cents and dollar strings become probabilities; numbers in a dollar field are refused', () => {
    assert.equal(centsToProb(56), 0.56);
    assert.equal(centsToProb('4.5'), 0.045, 'sub-penny');
    assert.throws(() => centsToProb(101), UnitError);
    assert.equal(dollarsToProb('0.5600'), 0.56);
    assert.throws(() => dollarsToProb(56), UnitError);
    assert.throws(() => dollarsToProb('56.00'), UnitError);
    assert.throws(() => probFrom('NaN'), UnitError);
    assert.throws(() => probFrom(Number.NaN), UnitError);
    assert.throws(() => probFrom(-0.01), UnitError);
  });

  it('fixed-point counts and base units', () => {
    assert.equal(fixedPointCount('10.00'), 10);
    assert.throws(() => fixedPointCount('-1.00'), UnitError);
    assert.throws(() => fixedPointCount('ten'), UnitError);
    assert.equal(baseUnitsToNumber('1500000000000000000', 18), 1.5);
    assert.equal(baseUnitsToNumber('2500000', 6), 2.5);
    assert.throws(() => baseUnitsToNumber('1.5', 6), UnitError);
  });

  it('complement removes float noise', () => {
    assert.equal(complement(0.56), 0.44);
    assert.equal(complement(0.58), 0.42);
  });

  it('seconds vs milliseconds by magnitude, and refuses the wrong one', () => {
    assert.equal(detectEpochUnit(1795381200), 's');
    assert.equal(detectEpochUnit(1795381200000), 'ms');
    assert.equal(detectEpochUnit(1795381200000000), 'us');
    assert.equal(toIso(1795381200), toIso(1795381200000));
    assert.equal(toIso('1795381200000'), '2026-11-22T21:00:00.000Z');
    assert.equal(secondsToIso(1795381200), '2026-11-22T21:00:00.000Z');
    assert.throws(() => secondsToIso(1795381200000), UnitError);
    assert.throws(() => millisToIso(1795381200), UnitError);
    assert.throws(() => detectEpochUnit(5e10), UnitError, 'ambiguous');
  });

  it('ISO strings: microseconds, missing zone (= UTC), date only', () => {
    assert.equal(toIso('2026-06-21T18:27:45.082451Z'), '2026-06-21T18:27:45.082Z');
    assert.equal(toIso('2026-06-21 18:27:45'), '2026-06-21T18:27:45.000Z');
    assert.equal(toIso('2026-06-21'), '2026-06-21T00:00:00.000Z');
    assert.equal(toIso('2026-06-21T20:27:45+02:00'), '2026-06-21T18:27:45.000Z');
    assert.throws(() => toIso('soon'), UnitError);
    assert.throws(() => toIso(null), UnitError);
  });

  it('string-encoded arrays', () => {
    assert.deepEqual(parseStringEncodedStrings('["Yes", "No"]'), ['Yes', 'No']);
    assert.deepEqual(parseStringEncodedStrings(['a']), ['a']);
    assert.throws(() => parseStringEncodedStrings('Yes,No'), UnitError);
    assert.throws(() => parseStringEncodedStrings('{"a":1}'), UnitError);
  });

  it('categories map onto one vocabulary', () => {
    assert.equal(canonicalCategory('Science and Technology'), 'tech');
    assert.equal(canonicalCategory('Elections'), 'politics');
    assert.equal(canonicalCategory('US-current-affairs'), 'politics');
    assert.equal(canonicalCategory('', null, 'Crypto'), 'crypto');
    assert.equal(canonicalCategory('Knitting Circles'), 'knitting-circles');
    assert.equal(canonicalCategory(undefined), 'other');
  });
});
