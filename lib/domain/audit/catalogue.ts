/**
 * Every action and entity the audit log records. recordAudit accepts only these, so the back
 * office can offer them as filters and name each one in every language (Admin.audit.actions /
 * Admin.audit.entities; a test checks the catalogues).
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'subscription.assign',
  'subscription.reset_limits',
  'subscription.cancel',
  'package.create',
  'package.update',
  'package.delete',
  'platform.update',
  'platform.toggle',
  'platform.prices',
  'discount.create',
  'discount.update',
  'discount.toggle',
  'discount.delete',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'settings.update',
  'api_key.revoke',
  'profile.reactivate',
  'profile.disable',
  'profile.audience_edit',
  'profile.audience_return',
  'order.end',
  'order.retry',
  'data.export',
  'ticket.reply',
  'ticket.close',
  'ticket.assign',
  // Issue #38: the status page's incident notes and an admin's "probe now".
  'status.incident_note',
  'status.probe',
  // Issue #37 item 5: an operator pauses or resumes a customer's watch.
  'watch.pause',
  'watch.resume',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = ['user', 'subscription', 'package', 'platform', 'discount_code', 'announcement', 'site_settings', 'api_key', 'profile', 'order', 'export', 'ticket', 'status_incident', 'watch'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const isAuditAction = (v: unknown): v is AuditAction => typeof v === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(v);
export const isAuditEntity = (v: unknown): v is AuditEntity => typeof v === 'string' && (AUDIT_ENTITIES as readonly string[]).includes(v);

/** The message key of an action (`user.create` → `user_create`). */
export const auditActionKey = (action: AuditAction) => action.replace('.', '_');
