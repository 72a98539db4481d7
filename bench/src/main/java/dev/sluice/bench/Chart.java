package dev.sluice.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * results.png, drawn with Java2D (headless): one panel per input size; in each, a group of bars per
 * workload, one bar per implementation, the bar's height how many times faster it ran than the parallel
 * hand-fused loop ({@link Bench.Results#ratioToFusedPar}), on a log scale with 1 (as fast as fused-par)
 * marked.
 */
final class Chart {
  private static final Color[] COLORS = {
      new Color(0x1f77b4), new Color(0x9ecae1), new Color(0x17becf), new Color(0x7f7f7f), new Color(0x2ca02c), new Color(0xff7f0e),
      new Color(0xd62728)};

  private Chart() {}

  static void write(Bench.Results r, Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<Impl> impls = new ArrayList<>(r.config().impls());
    int[] scales = r.config().scales();
    List<Workload> ws = r.workloads();
    int panelH = 300;
    int top = 70;
    int left = 80;
    int groupW = Math.max(140, impls.size() * 26 + 30);
    int width = Math.max(900, left + ws.size() * groupW + 40);
    int height = top + scales.length * (panelH + 60) + 30;

    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Workload w : ws) {
      for (int s : scales) {
        for (Impl i : impls) {
          double q = r.ratioToFusedPar(w.name(), s, i);
          if (q > 0 && Double.isFinite(q)) {
            lo = Math.min(lo, q);
            hi = Math.max(hi, q);
          }
        }
      }
    }
    if (!Double.isFinite(lo)) {
      lo = 0.1;
      hi = 10;
    }
    int dLo = (int) Math.floor(Math.log10(Math.min(lo, 0.5)));
    int dHi = (int) Math.ceil(Math.log10(Math.max(hi, 2)));

    BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, width, height);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    g.drawString("Throughput relative to the parallel hand-fused loop (items/s ÷ fused-par items/s, log scale)"
        + (r.config().quick() ? " - QUICK MODE" : ""), left - 60, 24);
    // legend
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    int lx = left - 60;
    for (int k = 0; k < impls.size(); k++) {
      g.setColor(COLORS[impls.get(k).ordinal() % COLORS.length]);
      g.fillRect(lx, 38, 12, 12);
      g.setColor(Color.BLACK);
      g.drawString(impls.get(k).id, lx + 16, 49);
      lx += 18 + g.getFontMetrics().stringWidth(impls.get(k).id) + 18;
    }

    for (int p = 0; p < scales.length; p++) {
      int y0 = top + p * (panelH + 60) + 20;
      int y1 = y0 + panelH;
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
      g.drawString("input size " + scales[p] + "x", left, y0 - 6);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
      // axis and decades
      for (int d = dLo; d <= dHi; d++) {
        int y = yOf(Math.pow(10, d), dLo, dHi, y0, y1);
        g.setColor(new Color(0xdddddd));
        g.drawLine(left, y, width - 20, y);
        g.setColor(Color.DARK_GRAY);
        String label = d >= 0 ? String.format(Locale.ROOT, "%.0fx", Math.pow(10, d))
            : String.format(Locale.ROOT, "%." + (-d) + "fx", Math.pow(10, d));
        g.drawString(label, left - 8 - g.getFontMetrics().stringWidth(label), y + 4);
      }
      int one = yOf(1, dLo, dHi, y0, y1);
      g.setColor(Color.BLACK);
      g.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
      g.drawLine(left, one, width - 20, one);
      g.setStroke(new BasicStroke(1));
      g.drawLine(left, y0, left, y1);
      g.drawLine(left, y1, width - 20, y1);
      for (int wi = 0; wi < ws.size(); wi++) {
        Workload w = ws.get(wi);
        int gx = left + 20 + wi * groupW;
        int barW = (groupW - 30) / impls.size();
        for (int k = 0; k < impls.size(); k++) {
          Impl impl = impls.get(k);
          int x = gx + k * barW;
          Measurement m = r.find(w.name(), scales[p], impl);
          double q = r.ratioToFusedPar(w.name(), scales[p], impl);
          if (m == null) {
            continue;
          }
          if (!(q > 0) || !Double.isFinite(q)) {
            g.setColor(m.status() == Measurement.Status.FAILED ? Color.RED : Color.GRAY);
            drawVertical(g, m.status() == Measurement.Status.FAILED ? "FAILED" : "n/a", x + barW / 2, y1 - 4);
            continue;
          }
          int y = yOf(q, dLo, dHi, y0, y1);
          g.setColor(COLORS[impl.ordinal() % COLORS.length]);
          g.fillRect(x + 1, Math.min(y, y1), barW - 2, Math.abs(y1 - y));
          g.setColor(Color.BLACK);
          String v = q >= 10 ? String.format(Locale.ROOT, "%.0f", q) : String.format(Locale.ROOT, "%.2f", q);
          drawVertical(g, v, x + barW / 2, y - 3);
        }
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        FontMetrics fm = g.getFontMetrics();
        g.drawString(w.name(), gx + (groupW - 30 - fm.stringWidth(w.name())) / 2, y1 + 16);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
      }
    }
    g.dispose();
    ImageIO.write(img, "png", file.toFile());
  }

  private static void drawVertical(Graphics2D g, String s, int x, int yBottom) {
    Graphics2D r = (Graphics2D) g.create();
    r.translate(x + 4, yBottom);
    r.rotate(-Math.PI / 2);
    r.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
    r.drawString(s, 0, 0);
    r.dispose();
  }

  private static int yOf(double v, int dLo, int dHi, int y0, int y1) {
    double f = (Math.log10(v) - dLo) / (dHi - dLo);
    return (int) Math.round(y1 - f * (y1 - y0));
  }
}
