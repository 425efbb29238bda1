import type { DataKeys, SecretCipher } from '@routeros-mcp/application-ports';

/** What seals and opens a plan's step secrets (see plan-secrets.ts). */
export type PlanSecretCipher = Pick<SecretCipher, 'encrypt' | 'decrypt'>;

/** The context the master cipher binds a plan's data key to. */
export const planDataKeyContext = (planId: string) => `plan-data-key:${planId}`;

/** The data key's cipher, its contexts bound to the plan too: a sealed value copied to another plan does not open. */
function boundTo(planId: string, cipher: SecretCipher): PlanSecretCipher {
  return {
    encrypt: (plaintext, context) => cipher.encrypt(plaintext, `plan:${planId}:${context}`),
    decrypt: (ciphertext, context) => cipher.decrypt(ciphertext, `plan:${planId}:${context}`),
  };
}

/**
 * A new plan's data key: random, stored only sealed by the master cipher (outside the content hash), so a master key
 * rotation re-seals the data key alone and the step secrets (inside the hash an approval signs) stay as they are.
 */
export function newPlanDataKey(planId: string, master: Pick<SecretCipher, 'encrypt'>, dataKeys: DataKeys): { sealedDataKey: string; cipher: PlanSecretCipher } {
  const dataKey = dataKeys.generate();
  return { sealedDataKey: master.encrypt(dataKey, planDataKeyContext(planId)), cipher: boundTo(planId, dataKeys.cipher(dataKey)) };
}

/**
 * The cipher of a stored plan's step secrets: its data key's, or, for a plan made before data keys, the master
 * cipher itself (its secrets were sealed by it directly).
 */
export function planSecretCipher(plan: { id: string; sealedDataKey?: string }, master: SecretCipher, dataKeys: DataKeys): PlanSecretCipher {
  if (!plan.sealedDataKey) return master;
  return boundTo(plan.id, dataKeys.cipher(master.decrypt(plan.sealedDataKey, planDataKeyContext(plan.id))));
}
