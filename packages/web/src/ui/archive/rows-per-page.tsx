import { Group, NativeSelect, Pagination } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The page sizes on offer besides "all" (screens §9: rows per page on the archive lists). */
export const PAGE_SIZES = [25, 50, 100, 250, 1000] as const;

/** The rows of one page; all rows while no page size is chosen (the virtual list shows them all). */
export function pageOf<T>(rows: readonly T[], pageSize: number | null, page: number): readonly T[] {
  if (pageSize === null) return rows;
  const start = (page - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** How many pages `total` rows fill; at least one, so a pager never shows page 0. */
export function pageCount(total: number, pageSize: number | null): number {
  return pageSize === null ? 1 : Math.max(1, Math.ceil(total / pageSize));
}

export interface PagedRows<T> {
  /** The rows to show: one page, or all of them. */
  shown: readonly T[];
  pageSize: number | null;
  setPageSize: (size: number | null) => void;
  page: number;
  setPage: (page: number) => void;
  pages: number;
}

/**
 * One page of `rows`. The page is kept within the rows: when filtering or a new range leaves fewer
 * pages, the last page shows instead of an empty one.
 */
export function usePagedRows<T>(rows: readonly T[]): PagedRows<T> {
  const [pageSize, setSize] = useState<number | null>(null);
  const [wanted, setPage] = useState(1);
  const pages = pageCount(rows.length, pageSize);
  const page = Math.min(wanted, pages);
  const shown = useMemo(() => pageOf(rows, pageSize, page), [rows, pageSize, page]);
  const setPageSize = (size: number | null) => {
    setSize(size);
    setPage(1);
  };
  return { shown, pageSize, setPageSize, page, setPage, pages };
}

/** The choice of rows per page: "all" (the default, one scrolling list) or a page size. */
export function RowsPerPageSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (size: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('list.pageSize.label')}
      data-testid="rows-per-page"
      w={140}
      value={value === null ? 'all' : String(value)}
      onChange={(event) => {
        const next = event.currentTarget.value;
        onChange(next === 'all' ? null : Number(next));
      }}
      data={[
        { value: 'all', label: t('list.pageSize.all') },
        ...PAGE_SIZES.map((size) => ({ value: String(size), label: size.toLocaleString() })),
      ]}
    />
  );
}

/** Page buttons below a list; nothing while all rows show in one list. */
export function ListPager<T>({ paged }: { paged: PagedRows<T> }) {
  const { t } = useTranslation();
  if (paged.pageSize === null) return null;
  return (
    <Group justify="center">
      <Pagination
        total={paged.pages}
        value={paged.page}
        onChange={paged.setPage}
        size="sm"
        siblings={1}
        data-testid="list-pager"
        getControlProps={(control) => ({
          'aria-label': t(`list.pageSize.${control}`),
        })}
        getItemProps={(page) => ({ 'aria-label': t('list.pageSize.page', { page }) })}
      />
    </Group>
  );
}
