import { useState } from 'react';
import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Icon, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { evaluationSchema } from '../../../../domain/evaluations';
import { api, ApiError } from '../../api/client';
import { translateError } from '../../lib/format';
import { validateWithSchema } from '../../lib/validate';
import { useLang } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { tradeIpName } from './tradeBits';
import type { TradeJson } from './types';

const STARS = [1, 2, 3, 4, 5] as const;

/** 1–5 stars as radio buttons drawn as stars (keyboard and screen readers get a radio group). */
export function StarInput({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('trade.evaluate.stars')} className="ipci-stars">
      {STARS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={t('trade.evaluate.starN', { n })}
          className="ipci-star"
          onClick={() => onChange(n)}
        >
          <Icon icon={n <= value ? 'star' : 'star-empty'} size={24} color={n <= value ? '#d99e0b' : '#8f99a8'} />
        </button>
      ))}
    </div>
  );
}

/** Evaluate a completed trade once (POST /api/trades/:id/evaluation, domain evaluationSchema): stars, a comment, anonymous or not. */
export function EvaluateDialog({ trade, onClose, onDone }: { trade: TradeJson; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const other = trade.side === 'buyer' ? trade.seller.name : trade.buyer.name;

  async function submit() {
    const body = { stars: stars || undefined, comment, anonymous };
    const found = await validateWithSchema(evaluationSchema, body);
    if (Object.keys(found).length) return setErrors(Object.fromEntries(Object.entries(found).map(([k, m]) => [k, k === 'stars' ? t('trade.evaluate.starsRequired') : translateError(t, m)])));
    setBusy(true);
    setFormError(null);
    try {
      await api.post(`/api/trades/${encodeURIComponent(trade.id)}/evaluation`, body);
      showToast({ intent: 'success', icon: 'star', message: t('trade.evaluate.done') });
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setErrors(e.fields ?? {});
      setFormError(e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen title={t('trade.evaluate.title')} icon="star" onClose={onClose} className="ipci-trade-dialog">
      <DialogBody>
        <p className="ipci-muted">{t('trade.evaluate.lead', { name: other, ip: tradeIpName(trade, lang) })}</p>
        {formError && (
          <p role="alert" className="ipci-error-text">
            {formError}
          </p>
        )}
        <FormGroup label={t('trade.evaluate.stars')} intent={errors.stars ? 'danger' : 'none'} helperText={errors.stars && <span role="alert">{errors.stars}</span>}>
          <StarInput
            value={stars}
            onChange={(n) => {
              setErrors(({ stars: _s, ...rest }) => rest);
              setStars(n);
            }}
          />
        </FormGroup>
        <FormGroup label={t('trade.evaluate.comment')} labelFor="trade-eval-comment" intent={errors.comment ? 'danger' : 'none'} helperText={errors.comment && <span role="alert">{errors.comment}</span>}>
          <TextArea id="trade-eval-comment" fill rows={4} value={comment} onChange={(e) => setComment(e.target.value)} />
        </FormGroup>
        <Checkbox checked={anonymous} label={t('trade.evaluate.anonymous')} onChange={(e) => setAnonymous(e.currentTarget.checked)} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button className={Classes.MINIMAL} text={t('trade.actions.keep')} onClick={onClose} />
            <Button intent="primary" icon="star" text={t('trade.evaluate.submit')} loading={busy} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
