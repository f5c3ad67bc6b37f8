import { useTranslation } from 'react-i18next';
import { passwordStrength } from '../../../../domain/password';

const LABELS = { 1: 'weak', 2: 'medium', 3: 'strong' } as const;

/** The strength meter of spec part 1 §5 (domain passwordStrength), live as the user types. */
export function PasswordMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const level = passwordStrength(password);
  return (
    <div className="ipci-meter" data-level={level} data-testid="password-meter" aria-live="polite">
      <span className="ipci-meter-bars" aria-hidden>
        <span />
        <span />
        <span />
      </span>
      <span className="ipci-muted">
        {t('passwordMeter.label')}: {level ? t(`passwordMeter.${LABELS[level]}`) : '—'}
      </span>
    </div>
  );
}
