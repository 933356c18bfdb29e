// Spin-to-win at a glance: the prize table with each prize's chance, what is left of it and how
// many were won, and the spins so far.
import { useConsole } from './console-context';
import { Panel } from './console-ui';

export function SpinPanel() {
  const { snapshot } = useConsole();
  const { prizes, spins } = snapshot.spin;
  const totalWeight = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  return (
    <Panel title="Spin" actions={<span className="text-sm font-bold text-ink">{spins} spins so far</span>}>
      {prizes.length === 0 ? (
        <p className="text-muted">No prize table is set for spins.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The spin prize table</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 font-bold">
                Prize
              </th>
              <th scope="col" className="py-1 text-right font-bold">
                Chance
              </th>
              <th scope="col" className="py-1 text-right font-bold">
                Left
              </th>
              <th scope="col" className="py-1 text-right font-bold">
                Won
              </th>
            </tr>
          </thead>
          <tbody>
            {prizes.map((prize) => (
              <tr key={prize.id} className="border-t border-line">
                <td className="py-1.5 font-bold text-ink wrap-anywhere">
                  {prize.label}
                  {prize.points > 0 && <span className="font-normal text-muted"> · {prize.points} points</span>}
                </td>
                <td className="py-1.5 text-right tabular-nums">
                  {totalWeight ? Math.round((prize.weight / totalWeight) * 100) : 0}%
                </td>
                <td className={prize.stock === 0 ? 'py-1.5 text-right font-bold text-danger' : 'py-1.5 text-right'}>
                  {prize.stock === null ? 'No limit' : prize.stock}
                </td>
                <td className="py-1.5 text-right tabular-nums">{prize.won}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
