import type { ProfileResult } from '@/db/schema';

/** A successful profile's proof (provider contract 1.1): where to see the action, and what it posted. */
export type Proof = Pick<ProfileResult, 'proof_url' | 'text'>;

/** The proofs already stored on an order's results, by profile. */
export function proofsOf(results: ProfileResult[]): Map<number, Proof> {
  const map = new Map<number, Proof>();
  for (const r of results) if (r.result === 'success' && (r.proof_url || r.text)) map.set(r.profile_id, { proof_url: r.proof_url, text: r.text });
  return map;
}

/** A result with its proof attached; only a success carries one (a failed action proves nothing). */
export function withProof(result: ProfileResult, proofs: Map<number, Proof>): ProfileResult {
  const proof = result.result === 'success' ? proofs.get(result.profile_id) : undefined;
  if (!proof) return { profile_id: result.profile_id, result: result.result };
  return {
    profile_id: result.profile_id,
    result: result.result,
    ...(proof.proof_url ? { proof_url: proof.proof_url } : {}),
    ...(proof.text ? { text: proof.text } : {}),
  };
}

/** The proof fields of a result for an API answer (absent when there is none). */
export function proofFields(result: ProfileResult): Proof {
  return { ...(result.proof_url ? { proof_url: result.proof_url } : {}), ...(result.text ? { text: result.text } : {}) };
}
