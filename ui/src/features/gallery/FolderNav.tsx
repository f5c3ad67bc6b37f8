import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import { showToast } from '../../session/toaster';
import type { FolderView, GalleryFolders } from './types';
import { ConfirmAlert } from '../../components/ConfirmAlert';

interface Props {
  folders: GalleryFolders;
  view: FolderView;
  onView: (view: FolderView) => void;
  /** After a folder was made, renamed or deleted. */
  onChanged: () => void;
}

/**
 * The gallery's folders: a side list on a desktop, a select on a phone (the same choices), with
 * making a folder and renaming or deleting the one shown. A deleted folder's pictures stay, in none.
 */
export function FolderNav({ folders, view, onView, onChanged }: Props) {
  const { t } = useTranslation();
  const [naming, setNaming] = useState<{ id: string | null; name: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = folders.folders.find((f) => f.id === view);
  const choices: Array<{ value: FolderView; label: string; count: number }> = [
    { value: '', label: t('gallery.all'), count: folders.total },
    { value: 'none', label: t('gallery.none'), count: folders.unfiled },
    ...folders.folders.map((f) => ({ value: f.id, label: f.name, count: f.files })),
  ];

  async function saveName() {
    if (!naming) return;
    setBusy(true);
    setError(null);
    try {
      if (naming.id) await api.put(`/api/gallery/folders/${naming.id}`, { name: naming.name }, { quiet: true });
      else {
        const made = await api.post<{ id: string }>('/api/gallery/folders', { name: naming.name }, { quiet: true });
        showToast({ intent: 'success', icon: 'folder-new', message: t('gallery.folderCreated') });
        onView(made.id);
      }
      setNaming(null);
      onChanged();
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('failure.load'));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!current) return;
    try {
      await api.delete(`/api/gallery/folders/${current.id}`);
      showToast({ intent: 'success', icon: 'trash', message: t('gallery.folderDeleted') });
      onView('');
      onChanged();
    } catch {
      /* the client shows the failure */
    } finally {
      setDeleting(false);
    }
  }

  const actions = (
    <div className="ipci-gallery-folder-actions">
      <Button icon="folder-new" text={t('gallery.newFolder')} onClick={() => setNaming({ id: null, name: '' })} data-testid="gallery-new-folder" />
      {current && (
        <>
          <Button icon="edit" aria-label={t('gallery.rename')} title={t('gallery.rename')} onClick={() => setNaming({ id: current.id, name: current.name })} data-testid="gallery-rename-folder" />
          <Button icon="trash" aria-label={t('gallery.deleteFolder')} title={t('gallery.deleteFolder')} onClick={() => setDeleting(true)} data-testid="gallery-delete-folder" />
        </>
      )}
    </div>
  );

  return (
    <nav className="ipci-gallery-folders" aria-label={t('gallery.folders')}>
      <Menu className="ipci-desktop-only" data-testid="gallery-folder-list">
        {choices.map((c) => (
          <MenuItem
            key={c.value || 'all'}
            icon={c.value === '' ? 'media' : c.value === 'none' ? 'folder-open' : 'folder-close'}
            text={c.label}
            htmlTitle={c.label}
            label={String(c.count)}
            active={view === c.value}
            onClick={() => onView(c.value)}
            data-testid={`gallery-folder-${c.value || 'all'}`}
          />
        ))}
      </Menu>
      <FormGroup label={t('gallery.folder')} labelFor="gallery-folder-select" className="ipci-phone-only ipci-gallery-folder-select">
        <HTMLSelect id="gallery-folder-select" fill value={view} onChange={(e) => onView(e.currentTarget.value)}>
          {choices.map((c) => (
            <option key={c.value || 'all'} value={c.value}>
              {`${c.label} (${c.count})`}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {actions}
      <Dialog isOpen={naming !== null} onClose={() => setNaming(null)} title={t(naming?.id ? 'gallery.rename' : 'gallery.newFolder')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void saveName();
          }}
        >
          <DialogBody>
            <FormGroup label={t('gallery.folderName')} labelFor="gallery-folder-name" intent={error ? 'danger' : 'none'} helperText={error ?? undefined}>
              <InputGroup id="gallery-folder-name" autoFocus maxLength={100} value={naming?.name ?? ''} onValueChange={(name) => setNaming((n) => n && { ...n, name })} />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('actions.cancel')} onClick={() => setNaming(null)} />
                <Button type="submit" intent="primary" text={t('actions.save')} loading={busy} disabled={!naming?.name.trim()} />
              </>
            }
          />
        </form>
      </Dialog>
      <ConfirmAlert
        open={deleting}
        icon="trash"
        intent="danger"
        confirmText={t('gallery.deleteFolder')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      >
        {t('gallery.deleteFolderConfirm', { name: current?.name ?? '' })}
      </ConfirmAlert>
    </nav>
  );
}
