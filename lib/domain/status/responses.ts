import { z } from 'zod';

/** Success rates (0–1) over the last 24 hours, 7 days and 30 days; null when no order ended in it. */
const windows = (what: string) =>
  z.object({ day: z.number().nullable(), week: z.number().nullable(), month: z.number().nullable() }).describe(`${what} over the last 24 h (day), 7 days (week) and 30 days (month); null: nothing to count`);

export const statusIncidentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['provider_down', 'stuck_orders', 'integrity']),
  platform: z.string().nullable(),
  started_at: z.string().describe('ISO 8601'),
  ended_at: z.string().nullable().describe('ISO 8601; null while the incident is open'),
  title: z.string().describe('In the request’s language'),
  note: z.string().nullable().describe('The admins’ note in the request’s language (else English, else Turkish); null when none'),
});

export const publicStatusSchema = z.object({
  generated_at: z.string(),
  overall: z.enum(['operational', 'degraded']).describe('degraded while any incident is open'),
  platforms: z.array(
    z.object({
      platform: z.string(),
      availability: windows('The share of the provider probes (one a minute) that found it up'),
      latest_probe: z.object({ at: z.string(), up: z.boolean(), latency_ms: z.number().int() }).nullable(),
      days: z
        .array(z.object({ day: z.string(), probes: z.number().int(), availability: z.number().nullable() }))
        .describe('90 UTC days, oldest first; availability null: no probe that day (no data)'),
      services: z.array(
        z.object({
          service: z.string(),
          success_rate: windows('Profiles that acted among the profiles of ended orders'),
          median_completion_seconds: windows('The median time from order to completion of ended orders'),
          kept_rate: z
            .object({ d7: z.number().nullable(), d30: z.number().nullable(), measured: z.boolean() })
            .describe('The share of checked actions still in place 7 and 30 days after; measured false until re-verification records checks'),
        }),
      ),
    }),
  ),
  incidents: z.array(statusIncidentSchema).describe('Open incidents and those of the last 90 days, newest first'),
});
export type PublicStatus = z.infer<typeof publicStatusSchema>;
export type StatusIncident = z.infer<typeof statusIncidentSchema>;

/** POST /api/admin/status/probe: what the probe found, and the incidents it opened or ended. */
export const probeResponse = z.object({
  probe: z.object({
    probed: z.array(z.object({ platform: z.string(), up: z.boolean(), latency_ms: z.number().int() })),
    opened: z.array(z.string()),
    closed: z.array(z.string()),
  }),
});
