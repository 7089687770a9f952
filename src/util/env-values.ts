// The zod parsers of environment values (numbers, booleans, URLs, optional text) and the shape of a
// feature's settings fragment. src/config.ts composes the fragments into the one schema it validates
// the environment with; each feature declares its own variables next to its code.
import { z } from 'zod';

export const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
  .pipe(z.string().url().optional());

export const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const intFromEnv = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** A cron schedule that `off` (or none, disabled, false) turns off: null. */
export const scheduleOrOff = (value: string): string | null => (/^(off|none|disabled|false)$/i.test(value) ? null : value);

/** Reports a bad value of `variable` (the start fails, naming it). */
export type SettingProblem = (variable: string, message: string) => void;

/**
 * A feature's settings: its environment variables (each described with `.describe()`: the source of
 * docs/settings.md, where `title` heads its section) and how they become the feature's part of `Config`.
 * `read` gets the whole validated environment too, for a setting that depends on another feature's.
 */
export interface SettingsFragment<Shape extends z.ZodRawShape = z.ZodRawShape, Out extends object = object> {
  readonly title: string;
  readonly env: z.ZodObject<Shape>;
  read(e: z.output<z.ZodObject<Shape>>, problem: SettingProblem, all: Readonly<Record<string, unknown>>): Out;
}

export function defineSettings<Shape extends z.ZodRawShape, Out extends object>(f: SettingsFragment<Shape, Out>): SettingsFragment<Shape, Out> {
  return f;
}
