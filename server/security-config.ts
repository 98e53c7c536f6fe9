import 'server-only';
import { env } from '@/env';
import { activeProviderName } from '@/lib/domain/payments';
import { parseSourceList, type SecurityConfig } from '@/lib/infra/security/security-headers';

/** The security header settings of this process; a malformed CSP_EXTRA_* source fails the start. */
export function securityConfigFromEnv(options: { dev: boolean }): SecurityConfig {
  return {
    dev: options.dev,
    publicUrl: env.PUBLIC_URL,
    stripe: activeProviderName() === 'stripe',
    extra: {
      script: parseSourceList('CSP_EXTRA_SCRIPT_SRC', env.CSP_EXTRA_SCRIPT_SRC),
      connect: parseSourceList('CSP_EXTRA_CONNECT_SRC', env.CSP_EXTRA_CONNECT_SRC),
      img: parseSourceList('CSP_EXTRA_IMG_SRC', env.CSP_EXTRA_IMG_SRC),
      frame: parseSourceList('CSP_EXTRA_FRAME_SRC', env.CSP_EXTRA_FRAME_SRC),
    },
  };
}
