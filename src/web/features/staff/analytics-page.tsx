// The staff analytics report.
export default function AnalyticsPage() {
  return (
    <article className="mx-auto max-w-[70ch] px-4 py-10">
      <h1 className="text-3xl font-black text-ink">Analytics</h1>
    </article>
  );
}
