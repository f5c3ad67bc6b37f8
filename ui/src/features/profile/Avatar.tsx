import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The user's avatar from GET /api/uploads/:id (owner and staff may read it), or the first letter of
 * the name on a coloured disc when there is none or it cannot be loaded.
 */
export function Avatar({ uploadId, name, size = 40 }: { uploadId?: string | null; name: string; size?: number }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size, borderRadius: '50%', flex: 'none' } as const;
  if (uploadId && broken !== uploadId) {
    return (
      <img
        src={`/api/uploads/${encodeURIComponent(uploadId)}`}
        alt={t('profile.avatarAlt', { name })}
        style={{ ...style, objectFit: 'cover', border: '1px solid var(--ipci-border)', background: '#fff' }}
        onError={() => setBroken(uploadId)}
        data-testid="avatar-image"
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={t('profile.avatarAlt', { name })}
      style={{ ...style, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', background: 'var(--ipci-blue)', color: '#fff', fontSize: size * 0.42, fontWeight: 600 }}
    >
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
