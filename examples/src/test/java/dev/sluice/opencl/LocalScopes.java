package dev.sluice.opencl;

import dev.sluice.From;
import dev.sluice.IntOut;
import dev.sluice.Max;
import dev.sluice.Node;
import dev.sluice.Param;
import dev.sluice.Pipeline;
import dev.sluice.Sink;
import dev.sluice.Source;

/**
 * Locals of the same name in scopes side by side, which Java allows and the kernel's bytecode cannot
 * tell apart (it has no blocks): the branches of an {@code if/else} chain, blocks one after another (the
 * last statement of each a loop left by {@code break} or {@code continue}, the shape fuzz seed
 * 882940409441 found), loops one after another, the same in a helper, and locals that no code follows
 * in their block (fuzz seed 826594676382 with {@code blocks}). The test calls the node
 * itself for what Java computes.
 */
final class LocalScopes {
  private LocalScopes() {}

  @Pipeline
  interface Scopes {
    @Source int in();

    @From("in") Shapes shapes();

    @Sink @From("shapes") int out();
  }

  /** Pushes {@code x}'s answer to each shape, {@code SHAPES} values per item. */
  @Node
  public static final class Shapes {
    static final int SHAPES = 10;

    @Param final int[] table;

    public Shapes(int[] table) {
      this.table = table;
    }

    public void run(int x, @Max(SHAPES) IntOut out) {
      // the same name in both branches of an if/else, each used after a statement of its own
      if ((x & 1) == 0) {
        int t = x * 3;
        t += table[0];
        out.push(t);
      } else {
        long t = (long) x << 20;
        t ^= table[1];
        out.push((int) (t >>> 7));
      }

      // an if / else if / else chain, each branch declaring the same name and pushing it at once
      if (x < 0) {
        int u = -x;
        out.push(u);
      } else if (x < 100) {
        int u = x + 1000;
        out.push(u);
      } else {
        int u = x >> 2;
        out.push(u);
      }

      // blocks side by side, each declaring i and ending with a loop that a break or a continue leaves
      int below = 0;
      {
        int i = -1;
        while (i + 1 < table.length) {
          i++;
          if (table[i] > x) {
            break;
          }
          below += table[i];
        }
      }
      int odd = 0;
      {
        int i = -1;
        while (i + 1 < table.length) {
          i++;
          if ((table[i] & 1) == 0) {
            continue;
          }
          odd += table[i] ^ x;
        }
      }
      out.push(below);
      out.push(odd);

      // plain blocks side by side, the second's local of another type
      {
        int v = x * 5;
        out.push(v);
      }
      {
        double v = x * 0.5;
        out.push((int) Math.floor(v));
      }

      // loops side by side whose bodies declare the same name
      int sum = 0;
      for (int k = 0; k < 3; k++) {
        int w = table[k] * x;
        sum += w;
      }
      int j = 0;
      while (j < 3) {
        int w = table[j] - x;
        j++;
        if (w > 0) {
          continue;
        }
        sum ^= w;
      }
      out.push(sum + twoScopes(x));

      // locals that no code follows in their blocks: one never read, one never assigned, one read
      // only under a constant false (javac leaves them out of the class file's table of locals)
      {
        long unread = (long) x * 3;
      }
      {
        int declaredOnly;
      }
      {
        float v = x * 0.5f;
        if ((NEVER & 4) != 0) {
          out.push((int) v);
        }
      }
      out.push(x - 7);

      // a counter declared in a block right before a while loop whose body declares a local
      // (outside-in case c07b): Aparapi took its store for a for loop's init and dropped it
      long blockSum = 0;
      {
        int v = table[x & 1];
        int k = 0;
        while (k < 2) {
          int w = v * 3 + k;
          blockSum += w;
          k++;
        }
      }
      out.push((int) blockSum);

      // locals declared without a value and assigned later (outside-in case F1): javac stores nothing
      // at the declaration, and Aparapi declared each where it was first stored, inside the branch
      int late;
      if ((x & 1) == 0) {
        late = x / 2;
      } else {
        late = 3 * x + 1;
      }
      int chain;
      if (x > 10) {
        chain = 1;
      } else if (x > 5) {
        chain = 2;
      } else {
        chain = 3;
      }
      final int fixed;
      fixed = x * 7;
      long looped;
      do {
        looped = x * 3L;
      } while (looped < 0 && x > 0);
      boolean flag;
      if (x > 0) {
        flag = true;
      } else {
        flag = (x & 2) != 0;
      }
      double half;
      if (x < 50) {
        half = x * 0.5;
      } else {
        half = -x;
      }
      out.push(late + chain * 7 + fixed + (int) looped + (flag ? 1 : 0) + (int) half);
    }

    /** {@code (NEVER & 4) != 0} is a constant false, which javac compiles to nothing. */
    static final int NEVER = 3;

    /** A helper with the same name in blocks side by side. */
    static int twoScopes(int x) {
      int r = 0;
      {
        int s = x;
        while (s > 10) {
          s /= 3;
          if (s == 17) {
            break;
          }
        }
        r += s;
      }
      {
        int s = x & 255;
        r = r * 31 + s;
      }
      return r;
    }
  }
}
