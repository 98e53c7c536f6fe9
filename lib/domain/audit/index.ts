export { recordAudit, redactSecrets, type Actor, type AuditEntry } from './record-audit';
export { AUDIT_SORTS, auditLogQuerySchema, type AuditSort } from './schemas';
export { listAuditLog, type AuditLogQuery, type AuditLogRow } from './list-audit-log';
export { actorFrom } from './actor';
export { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActionKey, isAuditAction, isAuditEntity, type AuditAction, type AuditEntity } from './catalogue';
