import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatCapacity } from '../../../../domain/capacity';
import { ipNameIn } from '../../../../domain/ipNames';
import type { IpNames } from '../../../../domain/ipNames';

/** A package's name in the reader's language (Chinese when its translation is empty). */
export const packageName = (names: IpNames, lang: string) => ipNameIn(names, lang);

/** "10 G" as staff defined it, or any byte count in the largest unit that keeps at least 1. */
export const capacityText = (p: { capacity: number; capacityUnit: string }) => `${p.capacity} ${p.capacityUnit}`;
export const bytesText = (bytes: number) => formatCapacity(bytes);

export function SaleTag({ onSale }: { onSale: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={onSale ? 'success' : 'none'} data-testid="package-sale">
      {t(onSale ? 'capacity.admin.onSale' : 'capacity.admin.offSale')}
    </Tag>
  );
}
