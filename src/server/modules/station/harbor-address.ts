import type { Config } from '../../config';

/**
 * Where presenters point their broadcasting software (Stream Info): HARBOR_PUBLIC_ADDRESS when it is set
 * (on several instances, the harbor proxy that follows the engine's instance: deploy/nginx-harbor.conf),
 * its port defaulting to HARBOR_PORT; otherwise the site's own host name and HARBOR_PORT.
 */
export function harborAddress(config: Pick<Config, 'baseUrl' | 'HARBOR_PORT' | 'HARBOR_PUBLIC_ADDRESS'>): {
  host: string;
  port: number;
} {
  const pub = config.HARBOR_PUBLIC_ADDRESS;
  if (!pub) return { host: new URL(config.baseUrl).hostname, port: config.HARBOR_PORT };
  const [host, port] = pub.split(':');
  return { host, port: port ? Number(port) : config.HARBOR_PORT };
}
