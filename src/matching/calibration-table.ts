// The shape of a calibration table (calibration.ts): a leaf, so the generated table
// (confidence-calibration.ts) and the code that reads it import no circle.
/** One step of an isotonic map: raw confidences up to `upTo` map to `p`, measured on `n` pairs. */
export interface CalibrationStep {
  upTo: number;
  p: number;
  n: number;
}

export interface CalibrationTable {
  /** What the table was fitted on (labelled sets and splits), for the reader. */
  fittedOn: string;
  identical: CalibrationStep[];
  separate: CalibrationStep[];
}
