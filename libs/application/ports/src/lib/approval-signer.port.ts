export const ApprovalSigner = Symbol.for('ApprovalSigner');
/** Signs approval tokens with a key of its own, never the credential key. */
export interface ApprovalSigner {
  sign(payload: string): string;
  verify(payload: string, signature: string): boolean;
}
