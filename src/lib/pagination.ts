/** The page number a DRF `next` link points to (spec §3), or null on the last page. */
export function pageFromNext(next: string | null | undefined): number | null {
  if (!next) return null;
  const match = /[?&]page=(\d+)/.exec(next);
  return match ? Number(match[1]) : null;
}
