// Calibrated confidence: the isotonic fit is a non-decreasing step map measured on enough pairs per
// step, never certain; the lookup maps a raw confidence to its step; the expected calibration error
// is zero for a calibrated set and the gap for a miscalibrated one; the judge reports the calibrated
// value beside its raw one.
import assert from 'node:assert/strict';
import { calibratedConfidence, expectedCalibrationError, fitIsotonic, type CalibrationTable } from '../../src/matching/calibration.js';
import { judgePair } from '../../src/matching/judge.js';

describe('matching: calibrated confidence', () => {
  it('fits a non-decreasing map with at least minPairs per step, never 0 or 1', () => {
    // Raw 0.6-0.69: 1 in 2 right; 0.7-0.79: 3 in 4; 0.8-0.99: all right; one wrong pair at 0.95 pools its step.
    const points = [
      ...Array.from({ length: 40 }, (_, i) => ({ raw: 0.6 + i / 400, right: i % 2 === 0 })),
      ...Array.from({ length: 40 }, (_, i) => ({ raw: 0.7 + i / 400, right: i % 4 !== 0 })),
      ...Array.from({ length: 80 }, (_, i) => ({ raw: 0.8 + i / 420, right: true })),
      { raw: 0.95, right: false },
    ];
    const steps = fitIsotonic(points, 30);
    for (const s of steps) assert.ok(s.n >= 30, `step up to ${s.upTo} holds ${s.n} pairs`);
    for (let i = 1; i < steps.length; i++) assert.ok(steps[i].p >= steps[i - 1].p, 'non-decreasing');
    assert.ok(steps.every((s) => s.p > 0 && s.p < 1));
    const table: CalibrationTable = { fittedOn: 'test', identical: steps, separate: [] };
    assert.ok(Math.abs(calibratedConfidence('identical', 0.62, table) - 0.5) < 0.05, 'the low step measures about half right');
    assert.ok(calibratedConfidence('identical', 0.9, table) > 0.95);
    // Beyond the last step: the last step's value; no table: the raw value.
    assert.equal(calibratedConfidence('identical', 1, table), steps[steps.length - 1].p);
    assert.equal(calibratedConfidence('related', 0.42, table), 0.42);
  });

  it('expected calibration error: zero when confidence matches the share right, the gap otherwise', () => {
    const calibrated = Array.from({ length: 100 }, (_, i) => ({ confidence: 0.8, right: i < 80 }));
    assert.ok(expectedCalibrationError(calibrated) < 1e-9);
    const over = Array.from({ length: 100 }, (_, i) => ({ confidence: 0.99, right: i < 80 }));
    assert.ok(Math.abs(expectedCalibrationError(over) - 0.19) < 1e-9);
  });

  it('the judge reports the calibrated confidence and keeps the raw one', () => {
    const m = (exchange: string, title: string) => ({ exchange, market_id: null, title, rules: null, close_time: null, outcomes: null, category: null, event_id: null, subtitle: null });
    const v = judgePair(m('kalshi', 'Will Bitcoin reach $82,500 in July 2026?'), m('polymarket', 'Will BTC reach 82pt5k in July 2026?'), { title: 0.9, rules: null });
    assert.equal(v.relation, 'identical');
    assert.equal(typeof v.rawConfidence, 'number');
    assert.equal(v.confidence, calibratedConfidence('identical', v.rawConfidence!));
  });
});
