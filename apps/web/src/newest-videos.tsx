import { useEffect, useState } from 'react';

interface VideoCard {
  vidId: number;
  title: string;
  price: number;
  image: string | null;
  image_set: { width: number; url: string }[];
}

export function NewestVideos() {
  const [videos, setVideos] = useState<VideoCard[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch('/api/videoDetails/?page_size=10&ordering=-date_uploaded')
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((page: { results: VideoCard[] }) => setVideos(page.results))
      .catch(() => setFailed(true));
  }, []);
  if (failed) return <p>Error! loading results.</p>;
  return (
    <ul style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', gap: 10, padding: 0, listStyle: 'none' }}>
      {(videos ?? Array.from({ length: 10 }, () => null)).map((v, i) => (
        <li key={v?.vidId ?? i} style={{ fontSize: 13 }}>
          <div style={{ aspectRatio: '2 / 3', background: '#222', borderRadius: 6, overflow: 'hidden' }}>
            {v?.image && (
              <img
                src={v.image}
                srcSet={v.image_set.map((s) => `${s.url} ${s.width}w`).join(', ')}
                sizes="(max-width: 600px) 33vw, 160px"
                alt={v.title}
                width={160}
                height={240}
                style={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            )}
          </div>
          {v && (
            <>
              <div style={{ marginTop: 4 }}>{v.title}</div>
              <div style={{ color: '#ffd54f' }}>Ksh {v.price.toLocaleString('en-KE')}</div>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
