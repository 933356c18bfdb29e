// The terms and conditions.
export default function TermsPage() {
  return (
    <article className="mx-auto max-w-[70ch] px-4 py-10">
      <h1 className="text-3xl font-black text-ink">Terms &amp; conditions</h1>
    </article>
  );
}
