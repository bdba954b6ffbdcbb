/**
 * Whether the store may post to a push endpoint (CONTRACT §15): only to the push services' own hosts
 * over https, so a subscription cannot make the store call into its own network (127.0.0.1, the
 * cloud's 169.254.169.254, 10.x). An entry is a host name, `*.domain` for its sub-domains, or a
 * loopback `host:port` (tests' local push service), which is reached over http too.
 */
export function allowedEndpoint(endpoint: string, hosts: readonly string[]): URL | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const hostPort = url.port ? `${host}:${url.port}` : host;
  for (const entry of hosts) {
    if (LOOPBACK_WITH_PORT.test(entry)) {
      if (hostPort === entry && (url.protocol === 'http:' || url.protocol === 'https:')) return url;
      continue;
    }
    if (url.protocol !== 'https:' || url.port !== '') continue;
    if (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry) return url;
  }
  return null;
}

const LOOPBACK_WITH_PORT = /^(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/;
