// The coupons and giveaway FAQ.
export default function FaqPage() {
  return (
    <article className="mx-auto max-w-[70ch] px-4 py-10">
      <h1 className="text-3xl font-black text-ink">Coupons &amp; Giveaway FAQ</h1>
    </article>
  );
}
