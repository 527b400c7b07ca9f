import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/*
 * Debian's nginx in front of the built server, as the README's « In production » section
 * says: its server block is read from the README itself (so the two cannot drift), given
 * the test's name, port and a self-signed certificate made now, and run by the nginx
 * binary with a prefix of its own (no system service, no file outside a temporary folder).
 */

const README = path.resolve(import.meta.dirname, "../../README.md");
const NGINX_CANDIDATES = [process.env.NGINX_BIN, "/usr/sbin/nginx", "/usr/bin/nginx"];

/** The README's nginx block (the first ```nginx fence under « In production »). */
export function productionServerBlock(): string {
  const readme = fs.readFileSync(README, "utf8");
  const section = readme.slice(readme.indexOf("## In production"));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("README : aucun bloc ```nginx dans « In production ».");
  return block;
}

/** Replaces one directive of the README's block; a directive gone from it fails loudly. */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text))
    throw new Error(`README : la directive ${pattern} a disparu du bloc nginx.`);
  return text.replace(pattern, replacement);
}

function nginxBinary(): string {
  const found = NGINX_CANDIDATES.find((file) => file && fs.existsSync(file));
  if (!found) {
    throw new Error(
      "nginx est introuvable (/usr/sbin/nginx) : installez le paquet Debian nginx " +
        "(apt-get install nginx, ce que fait .ci/run) ou indiquez son chemin dans NGINX_BIN.",
    );
  }
  return found;
}

export interface Nginx {
  /** The self-signed certificate, the only one the test's client trusts. */
  certificate: string;
  stop: () => Promise<void>;
}

/** nginx on 127.0.0.1:port, terminating TLS for `hostname`, proxying to the app's port. */
export async function startNginx({
  hostname,
  port,
  appPort,
}: {
  hostname: string;
  port: number;
  appPort: number;
}): Promise<Nginx> {
  const binary = nginxBinary();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "club-nginx-"));
  // Run as root, nginx's workers drop to an unprivileged user: they must reach the
  // prefix's temporary folders (the key stays 0600, read by the master alone).
  fs.chmodSync(prefix, 0o755);
  const cert = path.join(prefix, "cert.pem");
  const key = path.join(prefix, "key.pem");
  // prettier-ignore
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-days", "2", "-subj", `/CN=${hostname}`, "-addext", `subjectAltName=DNS:${hostname}`,
    "-keyout", key, "-out", cert,
  ], { stdio: ["ignore", "ignore", "pipe"] });
  fs.chmodSync(key, 0o600);
  let server = productionServerBlock();
  server = replaceOnce(server, /listen 443 ssl;/, `listen 127.0.0.1:${port} ssl;`);
  server = replaceOnce(server, /server_name \S+;/, `server_name ${hostname};`);
  server = replaceOnce(server, /ssl_certificate \S+;/, `ssl_certificate ${cert};`);
  server = replaceOnce(server, /ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  server = replaceOnce(
    server,
    /proxy_pass http:\/\/127\.0\.0\.1:3000;/,
    `proxy_pass http://127.0.0.1:${appPort};`,
  );
  // Everything nginx writes stays in the prefix: Debian's binary otherwise wants /var/lib/nginx.
  const conf = `daemon off;
pid nginx.pid;
error_log error.log warn;
worker_processes 1;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path body;
    proxy_temp_path proxy;
    fastcgi_temp_path fastcgi;
    uwsgi_temp_path uwsgi;
    scgi_temp_path scgi;
${server}}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), conf);
  const child = spawn(
    binary,
    ["-p", `${prefix}/`, "-c", "nginx.conf", "-e", path.join(prefix, "error.log")],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await untilListening(child, port, () => {
    const log = path.join(prefix, "error.log");
    return `${stderr}${fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""}`;
  });
  return {
    certificate: fs.readFileSync(cert, "utf8"),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = once(child, "exit");
        // SIGQUIT: nginx's graceful stop (its workers finish, the pid file goes).
        child.kill("SIGQUIT");
        await gone;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** True when something accepts a connection on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Resolves once nginx listens; throws with its log if it stopped instead. */
async function untilListening(child: ChildProcess, port: number, log: () => string) {
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nginx s'est arrêté au démarrage :\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a test's request may say beyond fetch's init: the source address it binds. */
export type HttpsInit = RequestInit & { localAddress?: string };
export type HttpsSend = (url: string, init?: HttpsInit) => Promise<Response>;

/** Statuses whose Response may not carry a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch-like client for https://<hostname>:… that resolves the name to 127.0.0.1 (as
 * DNS would in production), trusts only `certificate`, never follows a redirect and binds
 * `localAddress` (any of 127/8 on Linux), so that nginx sees that address as the client.
 */
export function httpsClient(certificate: string): HttpsSend {
  const lookup: net.LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
    else callback(null, "127.0.0.1", 4);
  };
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const headers = new Headers(init.headers);
      if (
        init.body != null &&
        typeof init.body !== "string" &&
        !(init.body instanceof URLSearchParams)
      )
        throw new Error(
          "httpsClient : seuls les corps texte et URLSearchParams sont pris en charge.",
        );
      const body = init.body == null ? undefined : String(init.body);
      if (init.body instanceof URLSearchParams && !headers.has("content-type")) {
        headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
      }
      if (body !== undefined) headers.set("content-length", String(Buffer.byteLength(body)));
      const request = https.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: init.method ?? "GET",
          headers: Object.fromEntries(headers),
          ca: certificate,
          // The name the certificate is checked against: Node would take a forged Host's.
          servername: target.hostname,
          lookup,
          localAddress: init.localAddress ?? "127.0.0.1",
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const answerHeaders = new Headers();
            const raw = response.rawHeaders;
            for (let i = 0; i < raw.length; i += 2) answerHeaders.append(raw[i]!, raw[i + 1]!);
            const status = response.statusCode!;
            resolve(
              new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), {
                status,
                headers: answerHeaders,
              }),
            );
          });
        },
      );
      request.on("error", reject);
      request.end(body);
    });
}
