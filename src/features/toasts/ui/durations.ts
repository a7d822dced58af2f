/** How long each kind of toast stays (spec §9: 3 s by default, errors 4 s, successes 2 s). */
export const TOAST_DURATION_MS = { info: 3000, error: 4000, success: 2000 } as const;
