import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Video } from '@store/contract';
import { HttpError } from '../../lib/http-errors.ts';
import { createCatalogService } from './catalog-service.ts';
import { escapeHtml, formatKsh, sharePreviewTags, withHead } from './share-preview.ts';

/** The API answers a page asks for first, keyed by the exact URL its client requests. */
type InitialData = Record<string, unknown>;

const NEWEST_HERO = '/api/videoDetails/?page_size=10&ordering=-date_uploaded';
const NEWEST_STRIP = '/api/videoDetails/?page_size=7&ordering=-date_uploaded';
const DJ_TABS = '/api/dj/?page_size=100';

/** JSON that is safe inside <script>: no `</script>` or comment can be formed. */
const scriptJson = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * A preload for the picture that is the page's largest paint, with the srcset the page uses, so the
 * browser fetches it while the scripts are still arriving instead of after they ran.
 */
function preloadPoster(video: Video | undefined, sizes: string): string {
  if (!video?.image) return '';
  const srcset = video.image_set.map((s) => `${s.url} ${s.width}w`).join(', ');
  return `<link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high" />`;
}

function withInitialData(html: string, data: InitialData, extraHead = '', shell = ''): string {
  const script = `<script id="initial-data" type="application/json">${scriptJson(data)}</script>`;
  // Replacer functions, never replacement strings: a `$'` or `$&` in a title would splice the page.
  const page = html.replace('</head>', () => `    ${extraHead}\n  </head>`).replace('</body>', () => `  ${script}\n  </body>`);
  return shell ? page.replace(/<!-- shell -->[\s\S]*?<!-- \/shell -->/, () => shell) : page;
}


/**
 * What the page shows before its scripts run: the header and the page's main picture and title,
 * in plain HTML. React replaces it with the same content; the picture is painted seconds earlier
 * on a slow phone.
 */
function shellWith(video: Video | undefined, posterWidth: number, heading: 'h1' | 'h2'): string {
  const header = `<div style="height:96px;background:#171c21;display:flex;align-items:center;padding:0 16px 40px;box-sizing:border-box;font:800 18px system-ui,sans-serif;color:#eee">Video Store Kenya</div>`;
  if (!video?.image) return header;
  const srcset = video.image_set.map((s) => `${s.url} ${s.width}w`).join(', ');
  const h = Math.round(posterWidth * 1.5);
  return `${header}<div style="display:flex;flex-wrap:wrap;gap:16px;align-items:center;padding:16px;font-family:system-ui,sans-serif;color:#eee">
        <img src="${video.image_set[1]?.url ?? video.image}" srcset="${srcset}" sizes="${posterWidth}px" width="${posterWidth}" height="${h}" alt="" fetchpriority="high" style="width:${posterWidth}px;height:${h}px;object-fit:cover;border-radius:4px;flex-shrink:0" />
        <div><${heading} style="margin:0 0 8px;font-size:22px;font-weight:800">${escapeHtml(video.title)}</${heading}><div style="color:#ffd54f;font-weight:700">${formatKsh(video.price)}</div></div>
      </div>`;
}

/**
 * The two pages people land on from outside, the home page and a shared video, come with the data
 * they need first (saving a slow-network round trip before the largest picture can load) and, for
 * a video, the link-preview tags that WhatsApp and others read without running JavaScript.
 */
export function registerStorefrontPages(app: FastifyInstance, indexHtml: string, sendIndex: (reply: FastifyReply, status: number) => FastifyReply) {
  const catalog = createCatalogService(app.db);
  const common = async (): Promise<InitialData> => {
    const [strip, djTabs] = await Promise.all([
      catalog.listVideos(NEWEST_STRIP, { page_size: 7, ordering: '-date_uploaded' }),
      catalog.listDjs(DJ_TABS, { page_size: 100 }, false),
    ]);
    return { [NEWEST_STRIP]: strip, [DJ_TABS]: djTabs };
  };
  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

  app.get('/', async (_request, reply) => {
    const newest = await catalog.listVideos(NEWEST_HERO, { page_size: 10, ordering: '-date_uploaded' });
    const data = { ...(await common()), [NEWEST_HERO]: newest };
    return html(reply, withInitialData(indexHtml, data, preloadPoster(newest.results[0], '150px'), shellWith(newest.results[0], 150, 'h2')));
  });

  app.get<{ Params: { id: string } }>('/video/:id', async (request, reply) => {
    let video: Video;
    try {
      video = await catalog.getVideo(request.params.id);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return sendIndex(reply, 404);
      throw err;
    }
    const page = withHead(indexHtml, sharePreviewTags(video, app.config.publicUrl));
    const data = { ...(await common()), [`/api/videoDetails/${video.vidId}/`]: video };
    return html(reply, withInitialData(page, data, preloadPoster(video, '240px'), shellWith(video, 240, 'h1')));
  });
}
