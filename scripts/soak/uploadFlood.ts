import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The one client of the flood: addresses rotated inside one IPv6 /56, the block a subscriber
 * holds, which the upload budget and the rate limit count as one client (server/features/leads/forms/uploadBudget.ts).
 */
const floodAddress = (n: number) => `2001:db8:77:7${(n % 256).toString(16).padStart(2, '0')}::${(n % 65_535).toString(16)}`;
/** Every other client's upload comes from an address of its own (a /56 each). */
const otherAddress = (n: number) => `2001:db8:${(0x1000 + n).toString(16)}::1`;

const pdf = (bytes: number) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n');
  const tail = Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return new Uint8Array(Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x20), tail]));
};

/**
 * For `seconds`: one client posting large files to the upload endpoint as fast as its connections
 * allow; other clients (a new address each) uploading a brief every so often, as visitors filling
 * in the request form do. Whether one client's budget and the quota's reserve keep everybody
 * else's files accepted (and, run beside real page views, the pages unaffected).
 */
export async function uploadFloodRun(options: {
  readonly url: string;
  readonly connections: { readonly flood: number; readonly others: number };
  readonly floodFileBytes: number;
  readonly seconds: number;
}) {
  const until = Date.now() + options.seconds * 1000;
  const flood = { sent: 0, statuses: {} as Record<string, number>, errors: 0 };
  const others = { sent: 0, statuses: {} as Record<string, number>, errors: 0 };
  const big = pdf(options.floodFileBytes);
  const brief = pdf(20 * 1024);
  let floodCount = 0;
  let otherCount = 0;

  const upload = async (tally: typeof flood, address: string, file: Uint8Array<ArrayBuffer>) => {
    const body = new FormData();
    body.append('files', new Blob([file], { type: 'application/pdf' }), 'бриф.pdf');
    tally.sent += 1;
    try {
      const response = await fetch(`${options.url}/api/upload`, {
        method: 'POST',
        body,
        headers: { accept: 'application/json', 'x-forwarded-for': address },
        signal: AbortSignal.timeout(20_000),
      });
      await response.arrayBuffer();
      tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
    } catch {
      tally.errors += 1;
    }
  };
  const floodLoops = Array.from({ length: options.connections.flood }, async () => {
    while (Date.now() < until) await upload(flood, floodAddress((floodCount += 1)), big);
  });
  const otherLoops = Array.from({ length: options.connections.others }, async () => {
    while (Date.now() < until) {
      await upload(others, otherAddress((otherCount += 1)), brief);
      await sleep(250);
    }
  });
  await Promise.all([...floodLoops, ...otherLoops]);
  return { flood, others };
}
