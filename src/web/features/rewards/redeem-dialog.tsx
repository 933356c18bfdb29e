// The confirm step before points are spent: the item, its cost and the balance after. A refusal
// (not enough points, an item gone) shows the server's own message here; success closes the dialog.
import * as Dialog from '@radix-ui/react-dialog';
import type { CatalogueItem, CouponView } from '../../../shared/contract/coupons';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DialogCloseButton } from '../../ui/dialog-close';
import { pointsText } from './points-summary';
import { useRedeemMutation } from './queries';

export type RedeemDialogProps = {
  item: CatalogueItem | null;
  userId: number;
  balance: number;
  onClose: () => void;
  onRedeemed: (coupon: CouponView) => void;
};

export function RedeemDialog({ item, userId, balance, onClose, onRedeemed }: RedeemDialogProps) {
  const redeem = useRedeemMutation(userId);
  const canAfford = item !== null && balance >= item.points_cost;

  function handleOpenChange(open: boolean) {
    if (open || redeem.isPending) return;
    redeem.reset();
    onClose();
  }

  function handleRedeem() {
    if (!item) return;
    redeem.mutate(item.id, {
      onSuccess: (coupon) => {
        redeem.reset();
        onRedeemed(coupon);
      },
    });
  }

  return (
    <Dialog.Root open={item !== null} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/55 transition-opacity starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-canvas p-5 shadow-2xl transition-opacity starting:opacity-0 focus:outline-none motion-reduce:transition-none sm:p-6">
          {item && (
            <>
              <div className="flex items-start justify-between gap-4">
                <Dialog.Title className="text-2xl leading-tight font-black text-ink">Redeem {item.title}?</Dialog.Title>
                <DialogCloseButton className="-mt-1 -mr-2" />
              </div>
              <Dialog.Description className="text-ink">
                This costs <span className="font-bold">{pointsText(item.points_cost)}</span>.{' '}
                {canAfford ? (
                  <>
                    Your balance after: <span className="font-bold">{pointsText(balance - item.points_cost)}</span>.
                  </>
                ) : (
                  <>
                    Your balance is <span className="font-bold">{pointsText(balance)}</span>, not enough for it.
                  </>
                )}
              </Dialog.Description>
              <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted marker:text-secondary">
                {item.rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
              {redeem.isError && <Alert tone="error">{errorMessage(redeem.error)}</Alert>}
              <div className="flex flex-wrap justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="outline" disabled={redeem.isPending}>
                    Cancel
                  </Button>
                </Dialog.Close>
                <Button onClick={handleRedeem} isBusy={redeem.isPending} disabled={!canAfford}>
                  Redeem for {pointsText(item.points_cost)}
                </Button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
