import { render, screen, within } from '@testing-library/react';
import { ListTable } from '../../ui/src/components/ListTable';

const rows = [
  { id: 'a', name: 'first.jpg', size: '1.2 MB' },
  { id: 'b', name: 'second.mp4', size: '30 MB' },
];

describe('ListTable', () => {
  test('the table, its rows and cells carry their test ids, and each cell its column name for the phone card', () => {
    render(
      <ListTable
        rows={rows}
        testId="files"
        rowTestId="file-row"
        columns={[
          { head: 'Name', testId: 'file-name', cell: (r) => r.name },
          { head: 'Size', cell: (r) => r.size },
        ]}
      />,
    );
    const table = screen.getByTestId('files');
    expect(table).toHaveClass('ipci-table-cards');
    expect(screen.getAllByTestId('file-row')).toHaveLength(2);
    expect(screen.getAllByTestId('file-name').map((c) => c.textContent)).toEqual(['first.jpg', 'second.mp4']);
    expect(within(screen.getAllByTestId('file-row')[1]).getByText('30 MB').closest('td')).toHaveAttribute('data-label', 'Size');
  });

  test('a numeric column marks its header and its cells, beside the cells’ own class, so the figures line up on the right', () => {
    render(
      <ListTable
        rows={rows}
        columns={[
          { head: 'Name', className: 'ipci-name-cell', cell: (r) => r.name },
          { head: 'Size', className: 'ipci-nowrap', numeric: true, cell: (r) => r.size },
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Size' })).toHaveClass('ipci-num');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveClass('ipci-num');
    const size = screen.getByText('1.2 MB').closest('td');
    expect(size).toHaveClass('ipci-num');
    expect(size).toHaveClass('ipci-nowrap');
    expect(screen.getByText('first.jpg').closest('td')).toHaveClass('ipci-name-cell');
    expect(screen.getByText('first.jpg').closest('td')).not.toHaveClass('ipci-num');
  });
});
