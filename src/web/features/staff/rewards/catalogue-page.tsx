// /staff/rewards/catalogue: every coupon viewers can get with points, on offer or not, each with its
// rules in words; staff add items and change them (coupons already issued keep their own rules).
import { useState, type FormEvent } from 'react';
import type { StaffCatalogueItem } from '../../../../shared/contract/coupons';
import {
  COUPON_KINDS,
  DEFAULT_VALIDITY_DAYS,
  couponValue,
  type CouponKind,
  type CouponScope,
} from '../../../../shared/coupons';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { LoadState } from '../load-state';
import { Modal } from '../shows/dialog';
import { SelectField } from '../shows/form-fields';
import { StaffOnly } from '../staff-only';
import { useSaveCatalogueItem, useStaffCatalogue } from './queries';
import { RewardsFrame } from './rewards-frame';

const KIND_NAMES: Record<CouponKind, string> = {
  amount_off: 'Amount off (dollars)',
  percent_off: 'Percent off',
  free_shipping: 'Free shipping',
};

type Fields = {
  title: string;
  kind: CouponKind;
  value: string;
  points_cost: string;
  minimum: string;
  validity_days: string;
  applies_to: CouponScope;
  active: boolean;
};

const centsText = (cents: number) => (cents / 100).toFixed(cents % 100 ? 2 : 0);

function fieldsOf(item: StaffCatalogueItem | null): Fields {
  if (!item)
    return {
      title: '',
      kind: 'amount_off',
      value: '',
      points_cost: '',
      minimum: '',
      validity_days: String(DEFAULT_VALIDITY_DAYS),
      applies_to: 'all',
      active: true,
    };
  return {
    title: item.title,
    kind: item.kind,
    value: item.kind === 'amount_off' ? centsText(item.value) : String(item.value),
    points_cost: String(item.points_cost),
    minimum: item.minimum_cents === null ? '' : centsText(item.minimum_cents),
    validity_days: String(item.validity_days),
    applies_to: item.applies_to,
    active: item.active,
  };
}

/** Typed text as a number; empty or unreadable goes as NaN (sent as null), which the server refuses in its words. */
const numberOf = (text: string) => (text.trim() ? Number(text.trim().replace(/^\$/, '')) : Number.NaN);
const centsOf = (text: string) => Math.round(numberOf(text) * 100);

function CatalogueForm({
  item,
  onCancel,
  onSaved,
}: {
  item: StaffCatalogueItem | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const [fields, setFields] = useState(() => fieldsOf(item));
  const save = useSaveCatalogueItem();
  const issues = save.error instanceof ApiError ? save.error.fieldIssues : [];
  const issueOf = (field: string) => issues.find((issue) => issue.field === field)?.message;
  const set =
    <K extends keyof Fields>(key: K) =>
    (value: Fields[K]) =>
      setFields((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      title: fields.title,
      kind: fields.kind,
      value:
        fields.kind === 'free_shipping'
          ? 0
          : fields.kind === 'amount_off'
            ? centsOf(fields.value)
            : numberOf(fields.value),
      points_cost: numberOf(fields.points_cost),
      minimum_cents: fields.minimum.trim() ? centsOf(fields.minimum) : null,
      validity_days: numberOf(fields.validity_days),
      applies_to: fields.applies_to,
      active: fields.active,
    };
    save.mutate(item ? { id: item.id, body } : { id: null, body }, {
      onSuccess: (answer) => onSaved(answer.message),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Title"
        className="sm:col-span-2"
        value={fields.title}
        onChange={(e) => set('title')(e.target.value)}
        error={issueOf('title')}
        required
      />
      <SelectField
        label="Kind"
        value={fields.kind}
        onChange={(e) => set('kind')(e.target.value as CouponKind)}
        error={issueOf('kind')}
      >
        {COUPON_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_NAMES[kind]}
          </option>
        ))}
      </SelectField>
      {fields.kind === 'free_shipping' ? (
        <p className="self-end pb-3 text-sm text-muted">Free shipping has no amount.</p>
      ) : (
        <TextField
          label={fields.kind === 'amount_off' ? 'Dollars off' : 'Percent off'}
          hint={fields.kind === 'percent_off' ? 'From 1 to 90.' : undefined}
          inputMode="decimal"
          value={fields.value}
          onChange={(e) => set('value')(e.target.value)}
          error={issueOf('value')}
          required
        />
      )}
      <TextField
        label="Points it costs"
        inputMode="numeric"
        value={fields.points_cost}
        onChange={(e) => set('points_cost')(e.target.value)}
        error={issueOf('points_cost')}
        required
      />
      <TextField
        label="Minimum order in dollars"
        labelNote="(optional)"
        hint="Empty for no minimum."
        inputMode="decimal"
        value={fields.minimum}
        onChange={(e) => set('minimum')(e.target.value)}
        error={issueOf('minimum_cents')}
      />
      <TextField
        label="Days the coupon stays valid"
        inputMode="numeric"
        value={fields.validity_days}
        onChange={(e) => set('validity_days')(e.target.value)}
        error={issueOf('validity_days')}
        required
      />
      <SelectField
        label="Applies to"
        value={fields.applies_to}
        onChange={(e) => set('applies_to')(e.target.value as CouponScope)}
        error={issueOf('applies_to')}
      >
        <option value="all">Anything we sell</option>
        <option value="show_jewelry">Show jewelry only (not auctions or loose gems)</option>
      </SelectField>
      <label className="flex min-h-11 items-center gap-2 font-bold text-ink sm:col-span-2">
        <input
          type="checkbox"
          checked={fields.active}
          onChange={(e) => set('active')(e.target.checked)}
          className="size-5 accent-primary"
        />
        On offer to viewers
      </label>
      {save.isError && (
        <Alert tone="error" className="sm:col-span-2">
          {errorMessage(save.error)}
        </Alert>
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" isBusy={save.isPending}>
          {item ? 'Save changes' : 'Add to the catalogue'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ItemCard({ item, onEdit }: { item: StaffCatalogueItem; onEdit: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p
            className={`mb-1 inline-flex rounded-full px-2.5 py-0.5 text-xs font-black tracking-wide uppercase ${item.active ? 'bg-success-soft text-success' : 'bg-line text-ink'}`}
          >
            {item.active ? 'On offer' : 'Not on offer'}
          </p>
          <h2 className="text-lg font-black text-ink wrap-anywhere">{item.title}</h2>
          <p className="text-sm font-bold text-muted">
            {couponValue(item)} for {item.points_cost.toLocaleString('en-US')} points
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onEdit}>
          Edit<span className="sr-only"> {item.title}</span>
        </Button>
      </div>
      <ul aria-label={`Rules of ${item.title}`} className="list-disc pl-5 text-sm text-ink">
        {item.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </li>
  );
}

export default function StaffCataloguePage() {
  const { data, error, isPending, refetch } = useStaffCatalogue();
  const [editing, setEditing] = useState<StaffCatalogueItem | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  if (error instanceof ApiError && error.httpStatus === 403) return <StaffOnly what="rewards" />;
  return (
    <RewardsFrame
      title="Coupon catalogue"
      intro="The coupons viewers can get with their points. Changing an item does not change coupons already issued: each keeps the rules it was issued with."
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        {notice ? <Alert tone="success">{notice}</Alert> : <span />}
        <Button onClick={() => setEditing('new')}>New catalogue item</Button>
      </div>
      <LoadState
        error={error}
        isPending={isPending}
        onRetry={() => void refetch()}
        loadingLabel="Loading the catalogue"
      />
      {data &&
        (data.length ? (
          <ul aria-label="Catalogue items" className="grid gap-3 md:grid-cols-2">
            {data.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                onEdit={() => {
                  setNotice('');
                  setEditing(item);
                }}
              />
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed border-line bg-white px-5 py-10 text-center text-muted">
            The catalogue is empty. Use New catalogue item to offer the first coupon.
          </p>
        ))}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'New catalogue item' : 'Edit catalogue item'}
        description="Viewers see these rules on the coupon. Amounts are in US dollars."
      >
        {editing !== null && (
          <CatalogueForm
            key={editing === 'new' ? 'new' : editing.id}
            item={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(message) => {
              setEditing(null);
              setNotice(message);
            }}
          />
        )}
      </Modal>
    </RewardsFrame>
  );
}
