export { getPublicStatus } from './get-public-status';
export { runStatusProbe, PROBE_TIMEOUT_MS, type ProbeOptions, type ProbeResult } from './run-status-probe';
export { evaluateIncidents, openIncident, closeIncident, listIncidents, setIncidentNote, incidentTitle, incidentView, DOWN_AFTER_PROBES, STUCK_SPIKE, type IncidentKind } from './incidents';
export { incidentsFeed } from './incidents-feed';
export { dailyBars, dayList, share, utcDay, type DayBar, type DayProbes } from './daily-bars';
export { incidentNoteSchema, incidentIdParams, type IncidentNoteInput } from './schemas';
export { probeResponse, publicStatusSchema, statusIncidentSchema, type PublicStatus, type StatusIncident } from './responses';
