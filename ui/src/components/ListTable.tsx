import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface ListColumn<T> {
  /** The column's name: its header, and the label of the cell when a phone shows the row as a card. */
  head: string;
  cell: (row: T) => ReactNode;
  className?: string;
  testId?: string;
  /** Figures (amounts, sizes) line up on the right on a desktop, header and cells alike; on a phone they sit beside their label like any value. */
  numeric?: boolean;
}

/**
 * A list's table (inside a ListCard): columns on a desktop; on a phone each row is a card with every
 * cell under its column's name (styles.css .ipci-table-cards), so nothing hides past the right edge
 * for the reader to scroll sideways to.
 */
export function ListTable<T extends { id: string }>({ rows, columns, rowTestId, testId }: { rows: T[]; columns: Array<ListColumn<T>>; rowTestId?: string; testId?: string }) {
  return (
    <HTMLTable className="ipci-table ipci-table-cards" striped style={{ width: '100%' }} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} className={c.numeric ? 'ipci-num' : undefined}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-testid={rowTestId}>
            {columns.map((c, i) => (
              <td key={i} className={c.numeric ? `ipci-num ${c.className ?? ''}`.trim() : c.className} data-label={c.head} data-testid={c.testId}>
                <div className="ipci-cell">{c.cell(r)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
