// A first-legal-move engine in Java for the sandbox tests: the JVM starts
// and plays under the sandbox's default limits (docs/protocol.md). It reads
// the position's JSON by hand, cell by cell, to need no library.
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class Bot {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String position = null;
        for (String line; (line = in.readLine()) != null; ) {
            line = line.trim();
            if (line.startsWith("protocol")) {
                System.out.println("name Java bot");
                System.out.println("ready 1");
            } else if (line.startsWith("position ")) {
                position = line.substring(9);
            } else if (line.startsWith("go") && position != null) {
                System.out.println(firstMove(position));
            } else if (line.equals("quit")) {
                return;
            }
            System.out.flush();
        }
    }

    /** The first cell, in reading order, that is empty or the mover's. */
    static String firstMove(String json) {
        String me = json.replaceAll(".*\"to_move\":\"?([A-H0-9]+)\"?.*", "$1");
        String cells = json.substring(json.indexOf("\"cells\":[") + 9);
        String[] rows = cells.split("\\],\\[");
        for (int r = 0; r < rows.length; r++) {
            String[] cols = rows[r].replace("[", "").split(",(?=null|\\{)");
            for (int c = 0; c < cols.length; c++) {
                String cell = cols[c];
                if (cell.startsWith("null") || cell.contains("\"player\":\"" + me + "\"") || cell.contains("\"player\":" + me + ",") ) {
                    return r + "," + c;
                }
            }
        }
        return "0,0";
    }
}
