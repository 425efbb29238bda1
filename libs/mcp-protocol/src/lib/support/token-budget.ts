/** A cheap, stable estimate: about four characters per token for JSON and English text. */
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return Math.ceil((text?.length ?? 0) / 4);
}

export const TOKEN_WARNING = 5_000;
export const TOKEN_HARD_CAP = 50_000;
