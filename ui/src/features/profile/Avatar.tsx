import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The user's avatar from GET /api/uploads/:id (owner and staff may read it), or the first letter of
 * the name on a coloured disc when there is none or it cannot be loaded. `decorative` beside a visible
 * name (the header's user button), so the name is not read twice.
 */
export function Avatar({ uploadId, name, size = 40, decorative = false }: { uploadId?: string | null; name: string; size?: number; decorative?: boolean }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;
  if (uploadId && broken !== uploadId) {
    return (
      <img
        src={`/api/uploads/${encodeURIComponent(uploadId)}`}
        alt={decorative ? '' : t('profile.avatarAlt', { name })}
        aria-hidden={decorative || undefined}
        style={{ ...style, objectFit: 'cover', border: '1px solid var(--ipci-border)', background: '#fff' }}
        onError={() => setBroken(uploadId)}
        data-testid="avatar-image"
      />
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : t('profile.avatarAlt', { name })}
      aria-hidden={decorative || undefined}
      style={{ ...style, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', background: 'var(--ipci-blue)', color: '#fff', fontSize: size * 0.42, fontWeight: 600 }}
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
