import { z } from 'zod';

/**
 * The HTTP contract we speak to the fulfilment provider, version 1 (docs/provider-api.md).
 * Shared by our client (lib/provider/client.ts) and the simulated provider (lib/provider/sim).
 */
export const PROVIDER_API_VERSION = '1';

export const providerProfileSchema = z.object({
  id: z.union([z.string().min(1).max(200), z.number().int()]).transform(String),
  username: z.string().min(1).max(200),
  name: z.string().max(200).optional().default(''),
  followers: z.number().int().min(0).max(10_000_000_000),
  followers_text: z.string().max(20).optional(),
  status: z.enum(['active', 'inactive']).optional().default('active'),
});
export type ProviderProfile = z.infer<typeof providerProfileSchema>;

export const profileListSchema = z.object({
  profiles: z.array(providerProfileSchema).max(10_000),
});

export const profileResultSchema = z.object({
  profile_id: z.union([z.string().min(1), z.number().int()]).transform(String),
  result: z.enum(['success', 'failed', 'pending']),
  error: z.string().max(500).optional(),
});
export type ProviderProfileResult = z.infer<typeof profileResultSchema>;

export const TASK_FINAL = ['completed', 'failed'] as const;

export const taskSchema = z.object({
  task_id: z.string().min(1).max(200),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  results: z.array(profileResultSchema).max(10_000).optional().default([]),
});
export type ProviderTask = z.infer<typeof taskSchema>;

/** The body of every send (POST to a service endpoint). */
export type SendRequest = {
  order_id: string;
  service: string;
  profile_ids: string[];
  target_url?: string;
  text?: string;
  quote_url?: string;
  prompt?: string;
};

export const sendRequestSchema = z.object({
  order_id: z.string().min(1).max(200),
  service: z.string().min(1).max(50),
  profile_ids: z.array(z.string().min(1).max(200)).min(1).max(1000),
  target_url: z.string().max(2000).optional(),
  text: z.string().max(2000).optional(),
  quote_url: z.string().max(2000).optional(),
  prompt: z.string().max(2000).optional(),
});

export const errorBodySchema = z.object({ error: z.string().max(500), message: z.string().max(2000).optional() });
