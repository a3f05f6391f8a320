/** Sampled deals per decision at each depth of the analysis: a budget of samples, never of time, so the numbers do not depend on the machine. */
export const DEPTHS = { quick: 60, normal: 200, deep: 600 } as const;
export type Depth = keyof typeof DEPTHS;
