// ABC209 E "Shiritori", right but quadratic, as a contestant might write it in Java: every word
// is a vertex, and the words that may follow word i are counted by comparing i's last three
// letters with every word's first three, N² comparisons, in linear memory. The retrograde
// analysis on the word graph is then linear in its edges. Used by the tool's tests of `check` on a JVM.
import java.io.*;
import java.util.*;

public class WordsAsVertices {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 16);
        StreamTokenizer tokens = new StreamTokenizer(in);
        tokens.resetSyntax();
        tokens.wordChars(33, 126);
        tokens.whitespaceChars(0, 32);
        tokens.nextToken();
        int n = Integer.parseInt(tokens.sval);
        int[] head = new int[n];
        int[] tail = new int[n];
        for (int i = 0; i < n; i++) {
            tokens.nextToken();
            String word = tokens.sval;
            head[i] = block(word, 0);
            tail[i] = block(word, word.length() - 3);
        }
        // How many words may follow word i: every word is compared with i's last three
        // letters, the N² part.
        int[] left = new int[n];
        for (int i = 0; i < n; i++) {
            left[i] = matches(head, tail[i]);
        }
        // The words that end in each block, to walk back from a word to those it may follow.
        HashMap<Integer, List<Integer>> endingIn = new HashMap<>();
        for (int i = 0; i < n; i++) {
            endingIn.computeIfAbsent(tail[i], block -> new ArrayList<>()).add(i);
        }
        // result[i], for the player who must answer word i: a loss when every word that may
        // follow is a win for whoever answers it, a win when one of them is a loss for them.
        int[] result = new int[n]; // 1 win, -1 loss, 0 draw
        int[] queue = new int[n];
        int queued = 0;
        for (int i = 0; i < n; i++) {
            if (left[i] == 0) {
                result[i] = -1;
                queue[queued++] = i;
            }
        }
        for (int next = 0; next < queued; next++) {
            int j = queue[next];
            for (int i : endingIn.getOrDefault(head[j], List.of())) {
                if (result[i] != 0) continue;
                if (result[j] == -1) {
                    result[i] = 1;
                    queue[queued++] = i;
                } else if (--left[i] == 0) {
                    result[i] = -1;
                    queue[queued++] = i;
                }
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) {
            out.append(result[i] == -1 ? "Takahashi\n" : result[i] == 1 ? "Aoki\n" : "Draw\n");
        }
        System.out.print(out);
    }

    /** How many words start with block t. */
    static int matches(int[] head, int t) {
        int count = 0;
        for (int j = 0; j < head.length; j++) {
            if (head[j] == t) {
                count++;
            }
        }
        return count;
    }

    static int block(String word, int from) {
        int code = 0;
        for (int k = from; k < from + 3; k++) {
            char c = word.charAt(k);
            code = code * 52 + (c <= 'Z' ? c - 'A' : c - 'a' + 26);
        }
        return code;
    }
}
